import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormPasswordField } from './form-password-field';
import { PasswordStrengthHint } from './password-strength-hint';
import type { PasswordAccount } from './use-password-rating';

/** A new password typed twice, as every form that sets one asks it, rated while typed. */
export function PasswordFields<T extends FieldValues>({
  control,
  password,
  repeat,
  labels,
  account,
}: {
  control: Control<T>;
  /** Names of the two fields in the form. */
  password: FieldPath<T>;
  repeat: FieldPath<T>;
  labels: { password: string; repeat: string };
  /** The account the password is for, as far as the form knows it. */
  account: PasswordAccount;
}) {
  const typed: unknown = useWatch({ control, name: password });
  return (
    <>
      <FormPasswordField
        control={control}
        name={password}
        label={labels.password}
        hint={
          <PasswordStrengthHint
            password={typeof typed === 'string' ? typed : ''}
            account={account}
          />
        }
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
