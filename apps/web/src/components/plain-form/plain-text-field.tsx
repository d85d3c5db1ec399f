import type { InputHTMLAttributes } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';
import { fitInput, nativeMaxLength } from '../../lib/normalize-input';
import { FieldFrame } from './field-frame';
import { useFieldState } from './use-field-state';

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'type'
>;

export interface PlainTextFieldProps<T extends FieldValues> extends InputProps {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** Shows "n / maxLength" under the field. */
  counter?: boolean;
  /** Rewrites what the user types or pastes before the form stores it (and before `maxLength` cuts it). */
  normalize?: (value: string) => string;
}

/** An outlined text field without MUI, bound to a react-hook-form field. */
export function PlainTextField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  required = false,
  maxLength,
  counter = false,
  normalize,
  ...inputProps
}: PlainTextFieldProps<T>) {
  const { t } = useI18n();
  const { ref, onBlur, onChange, error, value, inputId, helpId, ...field } = useFieldState(
    control,
    name,
  );
  return (
    <FieldFrame
      label={label}
      inputId={inputId}
      helpId={helpId}
      required={required}
      error={error}
      hint={hint}
      aside={
        counter && maxLength !== undefined ? t.common.counter(value.length, maxLength) : undefined
      }
    >
      <input
        {...inputProps}
        ref={ref}
        id={inputId}
        name={field.name}
        className="plain-field__input"
        value={value}
        placeholder=" "
        maxLength={nativeMaxLength(normalize, maxLength)}
        required={required}
        aria-invalid={error !== undefined}
        aria-describedby={helpId}
        onBlur={onBlur}
        onChange={(event) => onChange(fitInput(event.target.value, normalize, maxLength))}
      />
    </FieldFrame>
  );
}
