import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';
import { dateOfIsoDay, isoDayOf } from '../../lib/calendar-day';
import { DATE_INPUT_FORMAT, DATE_LOCALES, PICKER_TEXTS } from './date-locale';

interface FormDateFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control: Control<T>;
  label: string;
  /** Refuse days after today. */
  disableFuture?: boolean;
  required?: boolean;
}

/**
 * A date picker bound to a form field that holds the day as "YYYY-MM-DD"
 * (undefined while empty or incomplete), the way the API takes it.
 */
export function FormDateField<T extends FieldValues>({
  name,
  control,
  label,
  disableFuture = false,
  required = false,
}: FormDateFieldProps<T>) {
  const { language, translate } = useI18n();
  const { field, fieldState } = useController({ name, control });
  const formDay = typeof field.value === 'string' ? field.value : undefined;
  // The picker must get back exactly what it reported, incomplete dates included,
  // or it would wipe the sections being typed; the form only holds complete days.
  const [date, setDate] = useState<Date | null>(() => (formDay ? dateOfIsoDay(formDay) : null));
  const [shownDay, setShownDay] = useState<string | undefined>(formDay);
  if (formDay !== shownDay) {
    setShownDay(formDay);
    setDate(formDay ? dateOfIsoDay(formDay) : null);
  }

  const change = (next: Date | null) => {
    const day = next !== null && !Number.isNaN(next.getTime()) ? isoDayOf(next) : undefined;
    setDate(next);
    setShownDay(day);
    // null, not undefined: react-hook-form reads an undefined field as its default
    // value, which would put the default day back while a date is being typed.
    field.onChange(day ?? null);
  };

  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={DATE_LOCALES[language]}
      localeText={PICKER_TEXTS[language]}
    >
      <DatePicker
        label={label}
        value={date}
        onChange={change}
        onClose={field.onBlur}
        format={DATE_INPUT_FORMAT}
        disableFuture={disableFuture}
        inputRef={field.ref}
        slotProps={{
          textField: {
            name: field.name,
            required,
            fullWidth: true,
            onBlur: field.onBlur,
            error: fieldState.invalid,
            helperText: fieldState.error?.message && translate(fieldState.error.message),
          },
        }}
      />
    </LocalizationProvider>
  );
}
