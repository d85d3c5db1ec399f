import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { DocumentProofFields } from '../../../components/document-proof/document-proof-fields';
import { useI18n } from '../../../i18n/i18n-provider';

/** The data of one document issued to the RUC: how an account proves it is the receiver. */
export function ProofSection<T extends FieldValues>({ control }: { control: Control<T> }) {
  const { t } = useI18n();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, p: 0 }}>
        {t.clientRegister.proofTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.clientRegister.proofHelp}
      </Typography>
      <DocumentProofFields control={control} name={(field) => `comprobante.${field}` as Path<T>} />
    </Box>
  );
}
