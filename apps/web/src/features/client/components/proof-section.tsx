import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { DocumentProofFields } from '../../../components/document-proof/document-proof-fields';

interface ProofSectionProps<T extends FieldValues> {
  /** The form holds the proof under `comprobante`, as the contract's requests do. */
  control: Control<T>;
  title: string;
  help: string;
}

/**
 * The data of one document issued to the RUC: how an account proves it is
 * its receiver, at registration and for each issuer it adds.
 */
export function ProofSection<T extends FieldValues>({
  control,
  title,
  help,
}: ProofSectionProps<T>) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, p: 0 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {help}
      </Typography>
      <DocumentProofFields control={control} name={(field) => `comprobante.${field}` as Path<T>} />
    </Box>
  );
}
