import Stack from '@mui/material/Stack';
import { DOCUMENT_TYPE_CODES, type DocumentProofInput } from '@sufel/contract';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useConfig } from '../../config/config-context';
import { useI18n } from '../../i18n/i18n-provider';
import { digitsOnly, upperCase } from '../../lib/normalize-input';
import { DateField } from '../date-field/date-field';
import { FormSelectField } from '../form/form-select-field';
import { FormTextField } from '../form/form-text-field';

const RUC_LENGTH = 11;

interface DocumentProofFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Where each proof field lives in the form. */
  name: (field: keyof DocumentProofInput) => FieldPath<T>;
}

/**
 * The data printed on one document: issuer RUC, series-number, type, issue
 * date and total. A portal configured for one issuer fills in and hides its RUC.
 */
export function DocumentProofFields<T extends FieldValues>({
  control,
  name,
}: DocumentProofFieldsProps<T>) {
  const { t } = useI18n();
  const { ruc } = useConfig();
  const typeOptions = DOCUMENT_TYPE_CODES.map((code) => ({
    value: code,
    label: t.documentTypes[code].label,
  }));

  return (
    <Stack spacing={2}>
      {ruc === '' && (
        <FormTextField
          control={control}
          name={name('emisor')}
          label={t.proof.issuer}
          required
          fullWidth
          counter
          maxLength={RUC_LENGTH}
          normalize={digitsOnly}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      <FormTextField
        control={control}
        name={name('documento')}
        label={t.proof.seriesNumber}
        hint={t.proof.seriesNumberHint}
        required
        fullWidth
        maxLength={15}
        normalize={upperCase}
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
      />
      <FormSelectField
        control={control}
        name={name('tipo')}
        label={t.proof.type}
        required
        fullWidth
        options={typeOptions}
      />
      <DateField
        control={control}
        name={name('fecha')}
        label={t.proof.date}
        required
        disableFuture
      />
      <FormTextField
        control={control}
        name={name('total')}
        label={t.proof.total}
        hint={t.proof.totalHint}
        required
        fullWidth
        maxLength={20}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </Stack>
  );
}
