import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FieldFrame } from './field-frame';
import { useFieldState } from './use-field-state';

export interface PlainOption {
  value: string;
  label: string;
}

/** An outlined native drop-down list, bound to a react-hook-form field. */
export function PlainSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly PlainOption[];
  required?: boolean;
}) {
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
      select
    >
      <select
        ref={ref}
        id={inputId}
        name={field.name}
        className="plain-field__input plain-field__input--select"
        value={value}
        required={required}
        aria-invalid={error !== undefined}
        aria-describedby={helpId}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
