import { z } from 'zod';
import { WITHHOLDING_TYPE_CODES } from '../document-types.js';
import { DateInputSchema, IsoDateSchema } from './common.js';

const Amount = z.string().meta({ description: 'Decimal as text, as declared', example: '30.00' });

/** One document a retention or perception receipt covers, as the agent declared it. */
export const CoveredDocumentSchema = z
  .object({
    type: z.string().nullable().meta({ description: 'SUNAT catalogue 01', example: '01' }),
    documentNumber: z.string().meta({ example: 'F001-1' }),
    issueDate: IsoDateSchema.nullable(),
    total: Amount.nullable().meta({ description: "The covered document's total" }),
    currency: z.string().nullable(),
    amount: Amount.nullable().meta({ description: 'Retained or perceived on it, in soles' }),
    date: IsoDateSchema.nullable().meta({ description: 'When it was retained or perceived' }),
    netTotal: Amount.nullable().meta({
      description:
        'Paid net of the retention (20), or collected with the perception (40), in soles',
    }),
  })
  .meta({ id: 'CoveredDocument' });

/** What a comprobante de retención (20) or de percepción (40) states. */
export const WithholdingDetailSchema = z
  .object({
    type: z.enum(WITHHOLDING_TYPE_CODES),
    regime: z.string().meta({
      description: 'Catalogue 23 for retentions (01: 3 %), catalogue 22 for perceptions',
      example: '01',
    }),
    percent: z.string().nullable().meta({ description: 'As declared', example: '3.00' }),
    totalAmount: Amount.meta({ description: 'Everything retained or perceived, in soles' }),
    totalPaid: Amount.nullable().meta({
      description: 'Paid net of retentions (20), or collected with perceptions (40)',
    }),
    documents: z.array(CoveredDocumentSchema),
  })
  .meta({ id: 'WithholdingDetail' });
export type WithholdingDetail = z.infer<typeof WithholdingDetailSchema>;

export const WithholdingsQuerySchema = z.object({
  start: DateInputSchema.meta({ description: 'First issue date, YYYY-MM-DD' }),
  end: DateInputSchema.meta({ description: 'Last issue date, YYYY-MM-DD' }),
});
export type WithholdingsQuery = z.input<typeof WithholdingsQuerySchema>;

/** Most receipts one answer lists; the months always total every receipt. */
export const WITHHOLDINGS_MAX_ITEMS = 10_000;

export const WithholdingReceiptSchema = z
  .object({
    documentId: z.number().int(),
    tipo: z.enum(WITHHOLDING_TYPE_CODES).meta({ description: '20 retention, 40 perception' }),
    emisor: z.string().meta({ description: "The agent's RUC", example: '20100070970' }),
    emisor_nombre: z.string().meta({ example: 'AGENTE DE RETENCION S.A.' }),
    serie: z.string().meta({ example: 'R001' }),
    numero: z.string().meta({ description: 'Number without leading zeros', example: '45' }),
    fecha: IsoDateSchema,
    monto: Amount.meta({ description: 'Retained or perceived, in soles' }),
    baja: z.boolean().meta({ description: 'Voided by its agent: not counted in the months' }),
  })
  .meta({ id: 'WithholdingReceipt' });
export type WithholdingReceiptItem = z.infer<typeof WithholdingReceiptSchema>;

export const WithholdingMonthSchema = z
  .object({
    mes: z
      .string()
      .meta({ description: 'YYYY-MM of the receipts’ issue dates', example: '2025-03' }),
    retenido: Amount.meta({ description: 'Retained from the receiver (receipts 20), in soles' }),
    percibido: Amount.meta({ description: 'Perceived from the receiver (receipts 40), in soles' }),
    comprobantes: z.number().int(),
  })
  .meta({ id: 'WithholdingMonth' });
export type WithholdingMonth = z.infer<typeof WithholdingMonthSchema>;

export const WithholdingsSchema = z
  .object({
    items: z.array(WithholdingReceiptSchema).meta({
      description: `Receipts issued in the range, newest first; at most ${WITHHOLDINGS_MAX_ITEMS}`,
    }),
    meses: z.array(WithholdingMonthSchema).meta({
      description:
        'Per month, oldest first: what was retained and perceived, voided receipts left out',
    }),
    totales: z
      .object({ retenido: Amount, percibido: Amount })
      .meta({ description: 'The months summed: the whole period, voided receipts left out' }),
    truncado: z.boolean().meta({ description: 'More receipts matched than items holds' }),
  })
  .meta({ id: 'Withholdings' });
export type Withholdings = z.infer<typeof WithholdingsSchema>;
