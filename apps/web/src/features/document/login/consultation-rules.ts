import { zodResolver } from '@hookform/resolvers/zod';
import { DateInputSchema, DocumentProofSchema } from '@sufel/contract';
import { z } from 'zod';
import { es } from '../../../i18n/es';
import { isNotAfterToday, peruvianToIsoDay } from '../../../lib/calendar-day';

/**
 * The contract's proof of a document, with the issue date as typed in Peru
 * (dd/mm/aaaa) and never after today. Loaded on demand by the login page.
 */
export const ConsultationFormSchema = DocumentProofSchema.extend({
  fecha: z
    .string({ message: 'Ingrese la fecha.' })
    .trim()
    .min(1, 'Ingrese la fecha.')
    .transform((text, ctx) => {
      const day = peruvianToIsoDay(text);
      if (day === null) {
        ctx.addIssue({ code: 'custom', message: es.common.dateInvalid });
        return z.NEVER;
      }
      return day;
    })
    .pipe(DateInputSchema.refine((day) => isNotAfterToday(day), es.common.dateInFuture)),
});

export type ConsultationFields = z.input<typeof ConsultationFormSchema>;

export const consultationResolver = zodResolver(ConsultationFormSchema);
