import { DocumentProofSchema, type DocumentProofInput } from '@sufel/contract';
import { todayIsoDay } from '../../lib/calendar-day';
import { PastDayFieldSchema } from '../date-field/day-schema';

/** The contract's proof of a document, refusing issue dates after today as the form must. */
export const ProofFormSchema = DocumentProofSchema.extend({
  fecha: PastDayFieldSchema,
});

/** An empty proof: issuer from the configuration (single-issuer portals), factura, today. */
export function emptyProof(ruc: string): DocumentProofInput {
  return { emisor: ruc, tipo: '01', documento: '', fecha: todayIsoDay(), total: '' };
}
