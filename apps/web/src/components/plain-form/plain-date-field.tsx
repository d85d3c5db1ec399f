import { lazy, Suspense, useRef, useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';
import { isoToPeruvianDay, maskPeruvianDay, peruvianToIsoDay } from '../../lib/calendar-day';
import { CalendarIcon } from '../icons/calendar-icon';
import { FieldFrame } from './field-frame';
import { useFieldState } from './use-field-state';

// The calendar (MUI's date picker) downloads only when someone opens it.
const CalendarDialog = lazy(() =>
  import('./calendar-dialog').then((module) => ({ default: module.CalendarDialog })),
);

/**
 * A day typed as dd/mm/aaaa, or chosen from a calendar. The form field holds
 * the text as typed; the form's schema reads it.
 */
export function PlainDateField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  disableFuture = false,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disableFuture?: boolean;
}) {
  const { t } = useI18n();
  const { ref, onBlur, onChange, error, value, inputId, helpId, ...field } = useFieldState(
    control,
    name,
  );
  const [calendarOpen, setCalendarOpen] = useState(false);
  const calendarButton = useRef<HTMLButtonElement>(null);

  const closeCalendar = () => {
    setCalendarOpen(false);
    calendarButton.current?.focus();
  };

  return (
    <>
      <FieldFrame
        label={label}
        inputId={inputId}
        helpId={helpId}
        required={required}
        error={error}
        hint={t.common.dateFormatHint}
        button={
          <button
            ref={calendarButton}
            type="button"
            className="plain-field__button"
            aria-label={t.common.chooseDate}
            aria-haspopup="dialog"
            onClick={() => setCalendarOpen(true)}
          >
            <CalendarIcon />
          </button>
        }
      >
        <input
          ref={ref}
          id={inputId}
          name={field.name}
          className="plain-field__input plain-field__input--with-button"
          value={value}
          placeholder=" "
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          required={required}
          aria-invalid={error !== undefined}
          aria-describedby={helpId}
          onBlur={onBlur}
          onChange={(event) => onChange(maskPeruvianDay(event.target.value))}
        />
      </FieldFrame>
      {calendarOpen && (
        <Suspense
          fallback={
            <span className="visually-hidden" role="status">
              {t.common.loading}
            </span>
          }
        >
          <CalendarDialog
            title={label}
            value={peruvianToIsoDay(value)}
            disableFuture={disableFuture}
            onClose={closeCalendar}
            onChoose={(isoDay) => {
              onChange(isoToPeruvianDay(isoDay));
              onBlur();
              closeCalendar();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
