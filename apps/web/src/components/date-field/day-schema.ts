import { DateInputSchema } from '@sufel/contract';
import { z } from 'zod';
import { es } from '../../i18n/es';
import { isNotAfterToday } from '../../lib/calendar-day';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The rules for a `DateField`'s value: a day "YYYY-MM-DD", with messages that
 * speak of what the user sees (dd/mm/aaaa), not of the API's format.
 */
export const DayFieldSchema = z
  .string({ message: 'Ingrese la fecha.' })
  .trim()
  .min(1, 'Ingrese la fecha.')
  .regex(ISO_DAY, es.common.dateInvalid)
  .pipe(DateInputSchema);

/** An issue date: a `DateField` day that is not after today. */
export const PastDayFieldSchema = DayFieldSchema.refine(
  (day) => isNotAfterToday(day),
  es.common.dateInFuture,
);
