import { DateInputSchema, DocumentProofSchema, type DocumentProofInput } from '@sufel/contract';
import { es } from '../../i18n/es';
import { isNotAfterToday, todayIsoDay } from '../../lib/calendar-day';

/** The contract's proof of a document, refusing issue dates after today as the form must. */
export const ProofFormSchema = DocumentProofSchema.extend({
  fecha: DateInputSchema.refine((day) => isNotAfterToday(day), es.common.dateInFuture),
});

/** An empty proof: issuer from the configuration (single-issuer portals), factura, today. */
export function emptyProof(ruc: string): DocumentProofInput {
  return { emisor: ruc, tipo: '01', documento: '', fecha: todayIsoDay(), total: '' };
}
