import { z } from 'zod';
import { DateInputSchema, IsoDateSchema } from './common.js';

const Amount = z.string().meta({ description: 'Decimal as text, as declared', example: '590.00' });

/** Most rows one answer of the money views holds; totals always count every match. */
export const MONEY_VIEW_MAX_ITEMS = 10_000;

export const PayablesQuerySchema = z.object({
  start: DateInputSchema.meta({ description: 'First due date, YYYY-MM-DD' }),
  end: DateInputSchema.meta({ description: 'Last due date, YYYY-MM-DD' }),
});
export type PayablesQuery = z.input<typeof PayablesQuerySchema>;

export const PayableSchema = z
  .object({
    documentId: z.number().int(),
    emisor: z.string().meta({ description: 'Issuer RUC', example: '20606433094' }),
    emisor_nombre: z.string().meta({ example: 'MI EMPRESA S.A.C.' }),
    tipo: z.string().meta({ example: '01' }),
    serie: z.string().meta({ example: 'F001' }),
    numero: z.string().meta({ description: 'Number without leading zeros', example: '123' }),
    cuota: z.number().int().meta({ description: "The instalment's place in its document, from 1" }),
    monto: Amount,
    moneda: z.string().meta({ example: 'PEN' }),
    vence: IsoDateSchema,
  })
  .meta({ id: 'Payable' });
export type Payable = z.infer<typeof PayableSchema>;

export const CurrencyTotalSchema = z.object({
  moneda: z.string().meta({ example: 'PEN' }),
  monto: Amount,
});
export type CurrencyTotal = z.infer<typeof CurrencyTotalSchema>;

export const PayablesSchema = z
  .object({
    items: z.array(PayableSchema).meta({
      description: `Instalments due in the range, by due date; at most ${MONEY_VIEW_MAX_ITEMS}`,
    }),
    totales: z.array(CurrencyTotalSchema).meta({ description: 'Per currency, every instalment' }),
    semanas: z
      .array(
        CurrencyTotalSchema.extend({
          semana: IsoDateSchema.meta({
            description: 'Monday of the week the instalments fall due',
          }),
        }),
      )
      .meta({ description: 'Totals per week (from Monday) and currency' }),
    truncado: z.boolean().meta({ description: 'More instalments matched than items holds' }),
  })
  .meta({ id: 'Payables' });
export type Payables = z.infer<typeof PayablesSchema>;

export const DetractionsQuerySchema = z.object({
  start: DateInputSchema.meta({ description: 'First issue date, YYYY-MM-DD' }),
  end: DateInputSchema.meta({ description: 'Last issue date, YYYY-MM-DD' }),
  format: z
    .enum(['json', 'csv'], { message: 'Formato desconocido: use json o csv.' })
    .default('json'),
});
export type DetractionsQuery = z.input<typeof DetractionsQuerySchema>;

export const DetractionSchema = z
  .object({
    documentId: z.number().int(),
    emisor: z.string().meta({ description: 'Supplier RUC', example: '20606433094' }),
    emisor_nombre: z.string().meta({ example: 'MI EMPRESA S.A.C.' }),
    codigo: z.string().nullable().meta({ description: 'SUNAT catalogue 54', example: '022' }),
    porcentaje: z.string().nullable().meta({ description: 'As declared', example: '12.00' }),
    monto: Amount.nullable().meta({
      description: 'To deposit, in soles; null when only a legend announces the detracción',
    }),
    cuenta: z
      .string()
      .nullable()
      .meta({ description: "The supplier's Banco de la Nación account" }),
    tipo: z.string().meta({ example: '01' }),
    serie: z.string().meta({ example: 'F001' }),
    numero: z.string().meta({ example: '123' }),
    fecha: IsoDateSchema,
  })
  .meta({ id: 'Detraction' });
export type Detraction = z.infer<typeof DetractionSchema>;

export const DetractionsSchema = z
  .object({
    items: z.array(DetractionSchema).meta({
      description: `Documents issued in the range subject to detracción, by date; at most ${MONEY_VIEW_MAX_ITEMS}`,
    }),
    total: Amount.meta({ description: 'Sum of the declared amounts, in soles' }),
    truncado: z.boolean(),
  })
  .meta({ id: 'Detractions' });
export type Detractions = z.infer<typeof DetractionsSchema>;
