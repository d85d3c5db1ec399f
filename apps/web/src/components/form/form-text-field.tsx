import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';
import { fitInput, nativeMaxLength } from '../../lib/normalize-input';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'
> & {
  name: FieldPath<T>;
  control: Control<T>;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** Longest accepted value; with `counter`, shown as "n / max" under the field. */
  maxLength?: number;
  counter?: boolean;
  /**
   * Rewrites what the user types or pastes before the form stores it (upper-casing,
   * digits only…), and before `maxLength` cuts it.
   */
  normalize?: (value: string) => string;
};

/** An MUI text field bound to a form field; its error comes from the form's schema. */
export function FormTextField<T extends FieldValues>({
  name,
  control,
  hint,
  maxLength,
  counter = false,
  normalize,
  slotProps,
  ...props
}: FormTextFieldProps<T>) {
  const { translate, t } = useI18n();
  const { field, fieldState } = useController({ name, control });
  const value = typeof field.value === 'string' ? field.value : String(field.value ?? '');
  const message = fieldState.error?.message ? translate(fieldState.error.message) : hint;
  const helperText =
    counter && maxLength !== undefined ? (
      <span style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
        <span>{message}</span>
        <span aria-hidden="true">{t.common.counter(value.length, maxLength)}</span>
      </span>
    ) : (
      message
    );

  return (
    <TextField
      {...props}
      name={field.name}
      value={value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(fitInput(event.target.value, normalize, maxLength))}
      error={fieldState.invalid}
      helperText={helperText}
      slotProps={{
        ...slotProps,
        htmlInput: {
          maxLength: nativeMaxLength(normalize, maxLength),
          ...(slotProps?.htmlInput as object | undefined),
        },
      }}
    />
  );
}
