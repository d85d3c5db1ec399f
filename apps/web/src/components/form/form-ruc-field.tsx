import type { FieldPath, FieldValues } from 'react-hook-form';
import { digitsOnly } from '../../lib/normalize-input';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/**
 * The receiver's RUC as every account form asks for it: eleven digits, a
 * counter, the phone's number pad, and pasted text ("R.U.C. N° 2060…") kept to
 * its digits. It is the account's user name for the browser's password manager.
 */
export function FormRucField<T extends FieldValues>({
  control,
  name,
  label,
}: Pick<FormTextFieldProps<T>, 'control' | 'label'> & { name: FieldPath<T> }) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      fullWidth
      counter
      maxLength={11}
      normalize={digitsOnly}
      autoComplete="username"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
