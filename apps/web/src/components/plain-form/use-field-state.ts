import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';

/** Ties a plain control to a form field: value, error message in the current language, ids. */
export function useFieldState<T extends FieldValues>(control: Control<T>, name: FieldPath<T>) {
  const { translate } = useI18n();
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message ? translate(fieldState.error.message) : undefined;
  return {
    ref: field.ref,
    name: field.name,
    onBlur: field.onBlur,
    onChange: field.onChange,
    error,
    value: typeof field.value === 'string' ? field.value : '',
    inputId: `${id}-input`,
    helpId: `${id}-help`,
  };
}
