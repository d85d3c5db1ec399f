import { lazy, Suspense, useId, useRef, useState, type MouseEvent } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-provider';
import { finishDay, isoToPeruvianDay, peruvianToIsoDay, typeDay } from '../../lib/calendar-day';
import { CalendarIcon } from '../icons/calendar-icon';
import { FieldFrame } from '../plain-form/field-frame';
import '../plain-form/plain-form.css';

// The calendar (MUI's date picker) downloads only when someone opens it.
const CalendarDialog = lazy(() =>
  import('./calendar-dialog').then((module) => ({ default: module.CalendarDialog })),
);

/** What the form holds for the text shown: the day when it is one, else the text itself. */
function formValueOf(text: string): string {
  return peruvianToIsoDay(text) ?? text;
}

/** What the field shows for a value the form holds. */
function shownTextOf(value: unknown): string {
  return typeof value === 'string' ? isoToPeruvianDay(value) : '';
}

export interface DateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  /** Refuse days after today in the calendar (the form's schema refuses them when typed). */
  disableFuture?: boolean;
  /** Said under the field instead of the format, as a caution, while it has no error. */
  warning?: string;
}

/**
 * The portal's one date field: a day typed as dd/mm/aaaa (or its digits, or
 * year first, or with a two-digit year), pasted in any usual way (2024-11-25,
 * 25-11-2024…) or chosen from a calendar. Focusing it selects its day, so
 * typing replaces it. The form holds the
 * day as "YYYY-MM-DD", the way the API takes it; while the text is no real day
 * yet, the form holds that text, for its schema to refuse (see `DayFieldSchema`).
 * Plain React and CSS, so the consultation page can load it at once.
 */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  disableFuture = false,
  warning,
}: DateFieldProps<T>) {
  const { t, translate } = useI18n();
  const baseId = useId();
  const id = { input: `${baseId}-input`, help: `${baseId}-help` };
  const {
    field: { ref, name: fieldName, value: formValue, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  const error = fieldState.error?.message ? translate(fieldState.error.message) : undefined;
  // The text as typed; it follows the form when the form's value changes from elsewhere.
  const [text, setText] = useState(() => shownTextOf(formValue));
  const [heldValue, setHeldValue] = useState<unknown>(formValue);
  if (formValue !== heldValue) {
    setHeldValue(formValue);
    if (formValue !== formValueOf(text)) setText(shownTextOf(formValue));
  }
  const [calendarOpen, setCalendarOpen] = useState(false);
  const calendarButton = useRef<HTMLButtonElement>(null);
  // A click that focuses the field puts the caret where it lands, after the focus selected the day.
  const focusingClick = useRef(false);

  const change = (next: string) => {
    setText(next);
    const value = formValueOf(next);
    setHeldValue(value);
    onChange(value);
  };

  const closeCalendar = () => {
    setCalendarOpen(false);
    calendarButton.current?.focus();
  };

  return (
    <>
      <FieldFrame
        label={label}
        inputId={id.input}
        helpId={id.help}
        required={required}
        error={error}
        hint={warning ?? t.common.dateFormatHint}
        warning={warning !== undefined}
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
          id={id.input}
          name={fieldName}
          className="plain-field__input plain-field__input--with-button"
          value={text}
          placeholder=" "
          inputMode="numeric"
          autoComplete="off"
          required={required}
          aria-invalid={error !== undefined}
          aria-describedby={id.help}
          onFocus={(event) => event.currentTarget.select()}
          onMouseDown={(event: MouseEvent<HTMLInputElement>) => {
            focusingClick.current = document.activeElement !== event.currentTarget;
          }}
          onMouseUp={(event: MouseEvent<HTMLInputElement>) => {
            if (!focusingClick.current) return;
            focusingClick.current = false;
            event.preventDefault();
            event.currentTarget.select();
          }}
          onBlur={() => {
            const finished = finishDay(text);
            if (finished !== text) change(finished);
            onBlur();
          }}
          onChange={(event) => change(typeDay(event.target.value))}
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
            value={peruvianToIsoDay(text)}
            disableFuture={disableFuture}
            onClose={closeCalendar}
            onChoose={(isoDay) => {
              change(isoToPeruvianDay(isoDay));
              onBlur();
              closeCalendar();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
