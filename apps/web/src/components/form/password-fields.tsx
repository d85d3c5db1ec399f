import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';
import { FormPasswordField } from './form-password-field';

/** A new password typed twice, as every form that sets one asks it. */
export function PasswordFields<T extends FieldValues>({
  control,
  password,
  repeat,
  labels,
}: {
  control: Control<T>;
  /** Names of the two fields in the form. */
  password: FieldPath<T>;
  repeat: FieldPath<T>;
  labels: { password: string; repeat: string };
}) {
  const { t } = useI18n();
  return (
    <>
      <FormPasswordField
        control={control}
        name={password}
        label={labels.password}
        hint={t.clientRegister.passwordHint}
        required
        fullWidth
        autoComplete="new-password"
      />
      <FormPasswordField
        control={control}
        name={repeat}
        label={labels.repeat}
        required
        fullWidth
        autoComplete="new-password"
      />
    </>
  );
}
