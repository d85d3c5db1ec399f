import { z } from 'zod';
import { API_MESSAGES } from '../messages.js';
import { DatabaseIdSchema } from './common.js';
import { SUNAT_CREDENTIAL_STATES, SunatCredentialsRequestSchema } from './sunat-validity.js';

/**
 * Reconciliation of SUNAT's SIRE purchase-register proposal (RCE) with the
 * documents SUFEL holds: each proposed row in one group, plus what SUFEL holds
 * that SUNAT did not propose.
 */

/** Groups of proposed rows, in the order they are decided: a row goes to the first that applies. */
export const ROW_GROUPS = [
  'duplicado',
  'anulado',
  'sin_xml',
  'conciliado',
  'diferencia_menor',
  'importe_distinto',
] as const;

/** Documents SUFEL holds that no imported proposal contains. */
export const HELD_GROUPS = ['solo_en_sufel', 'credito_en_riesgo', 'boleta'] as const;

export const RECONCILIATION_GROUPS = [...ROW_GROUPS, ...HELD_GROUPS] as const;
export type RowGroup = (typeof ROW_GROUPS)[number];
export type HeldGroup = (typeof HELD_GROUPS)[number];
export type ReconciliationGroup = (typeof RECONCILIATION_GROUPS)[number];

/** The Spanish name of each group (the web's English catalogue has its own). */
export const RECONCILIATION_GROUP_WORDS: Readonly<Record<ReconciliationGroup, string>> = {
  duplicado: 'Duplicados',
  anulado: 'Anulados',
  sin_xml: 'Sin XML',
  conciliado: 'Conciliados',
  diferencia_menor: 'Diferencia menor',
  importe_distinto: 'Importe distinto',
  solo_en_sufel: 'Solo en SUFEL',
  credito_en_riesgo: 'Crédito en riesgo',
  boleta: 'Boletas (no se proponen)',
};

export const RECONCILIATION_STATES = ['procesando', 'listo', 'fallido'] as const;
export type ReconciliationState = (typeof RECONCILIATION_STATES)[number];

/** Proposals of up to this many rows are answered when done; larger ones run in the background. */
export const RECONCILIATION_INLINE_ROWS = 10_000;
/** Largest proposal accepted, a ZIP's content included. */
export const RECONCILIATION_MAX_BYTES = 100 * 1024 * 1024;

const PERIOD = /^\d{4}(?:0[1-9]|1[0-2])$/;

export const PeriodSchema = z
  .string({ message: 'Indique el periodo (AAAAMM).' })
  .trim()
  .regex(PERIOD, 'El periodo tiene la forma AAAAMM, por ejemplo 202512.')
  .meta({ description: 'Tax period, AAAAMM', example: '202512' });

export const ReconciliationSummarySchema = z
  .object(
    Object.fromEntries(RECONCILIATION_GROUPS.map((group) => [group, z.number().int()])) as Record<
      ReconciliationGroup,
      z.ZodNumber
    >,
  )
  .meta({ id: 'ReconciliationSummary', description: 'How many rows or documents each group has' });
export type ReconciliationSummary = z.infer<typeof ReconciliationSummarySchema>;

export const RowErrorSchema = z
  .object({
    linea: z.number().int().meta({ description: 'Line of the file, header included' }),
    mensaje: z.string().meta({ example: 'RUC del proveedor inválido.' }),
  })
  .meta({ id: 'ProposalRowError' });

export const ReconciliationSchema = z
  .object({
    id: z.number().int(),
    periodo: z.string().meta({ description: 'AAAAMM', example: '202411' }),
    estado: z.enum(RECONCILIATION_STATES),
    origen: z.enum(['archivo', 'sire']).meta({
      description: 'archivo: uploaded; sire: downloaded from SUNAT with the SIRE credentials',
    }),
    archivo: z.string().nullable().meta({ description: "The proposal's file name" }),
    filas: z.number().int().meta({ description: 'Rows of the proposal (known once read)' }),
    procesadas: z.number().int().meta({ description: 'Rows matched so far' }),
    etapa: z.string().nullable().meta({ description: 'What is happening now, in Spanish' }),
    mensaje: z.string().nullable().meta({ description: 'Why it failed, in Spanish' }),
    resumen: ReconciliationSummarySchema,
    filasConError: z.number().int().meta({ description: 'Rows that could not be read' }),
    errores: z
      .array(RowErrorSchema)
      .meta({ description: 'The first 1 000 unreadable rows, with their line' }),
    creado: z.string().meta({ example: '2024-12-02T14:00:00.000Z' }),
    actualizado: z.string().meta({ example: '2024-12-02T14:01:30.000Z' }),
  })
  .meta({ id: 'Reconciliation' });
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

export const ReconciliationListSchema = z.array(ReconciliationSchema.omit({ errores: true }));
export type ReconciliationListItem = z.infer<typeof ReconciliationListSchema>[number];

export const ReconciliationParamsSchema = z.object({ id: DatabaseIdSchema });

export const ReconciliationItemsQuerySchema = z.object({
  grupo: z.enum(RECONCILIATION_GROUPS, { message: 'Grupo desconocido.' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, 'Cursor inválido.')
    .optional()
    .meta({ description: '`nextCursor` of the previous page' }),
});
export type ReconciliationItemsQuery = z.input<typeof ReconciliationItemsQuerySchema>;

export const ReconciliationItemSchema = z
  .object({
    car: z
      .string()
      .meta({ description: "SUNAT's CAR (27 characters)", example: '20606433094010F00100000123' }),
    grupo: z.enum(RECONCILIATION_GROUPS),
    linea: z.number().int().nullable().meta({ description: 'Line in the proposal file' }),
    tipo: z.string().meta({ example: '01' }),
    serie: z.string().meta({ example: 'F001' }),
    numero: z.string().meta({ example: '123' }),
    emisor: z.string().meta({ description: "Supplier's RUC", example: '20606433094' }),
    emisor_nombre: z.string().meta({ example: 'MI EMPRESA S.A.C.' }),
    fecha: z.string().meta({ description: 'YYYY-MM-DD', example: '2024-11-25' }),
    moneda: z.string().meta({ example: 'PEN' }),
    total_sire: z.string().nullable().meta({ description: 'As the proposal states it' }),
    total_sufel: z
      .string()
      .nullable()
      .meta({ description: 'As the document SUFEL holds states it' }),
    documentId: z.number().int().nullable(),
    motivo: z.string().meta({
      description: 'Why the row is in its group, in Spanish',
      example: 'El total difiere del XML.',
    }),
  })
  .meta({ id: 'ReconciliationItem' });
export type ReconciliationItem = z.infer<typeof ReconciliationItemSchema>;

export const ReconciliationItemsPageSchema = z
  .object({
    items: z.array(ReconciliationItemSchema),
    nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
  })
  .meta({ id: 'ReconciliationItemsPage' });
export type ReconciliationItemsPage = z.infer<typeof ReconciliationItemsPageSchema>;

export const ReconciliationExportQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv'], { message: 'Formato desconocido: xlsx o csv.' }).default('xlsx'),
});

/** `sin_xml` rows by supplier, with a message ready to send asking for the XML. */
export const MissingXmlSchema = z
  .object({
    proveedores: z.array(
      z.object({
        ruc: z.string().meta({ example: '20606433094' }),
        nombre: z.string().meta({ example: 'MI EMPRESA S.A.C.' }),
        documentos: z.array(
          z.object({
            car: z.string().meta({ example: '20606433094010F00100000123' }),
            tipo: z.string().meta({ example: '01' }),
            serie: z.string().meta({ example: 'F001' }),
            numero: z.string().meta({ example: '123' }),
            fecha: z.string().meta({ example: '2024-11-25' }),
            moneda: z.string().meta({ example: 'PEN' }),
            total: z.string().meta({ example: '1180.00' }),
          }),
        ),
        mensaje: z.string().meta({
          description: 'Spanish text asking the supplier for the XML',
          example: 'Estimado proveedor: le pedimos el XML de F001-123.',
        }),
      }),
    ),
  })
  .meta({ id: 'MissingXml' });
export type MissingXml = z.infer<typeof MissingXmlSchema>;

/** Files SIRE takes back: include/exclude rows (RCEINEX) or add documents it did not propose (CP). */
export const SireFileRequestSchema = z
  .discriminatedUnion('archivo', [
    z.object({
      archivo: z.literal('inclusion'),
      filas: z
        .array(
          z.object({
            car: z
              .string()
              .regex(/^[0-9A-Z]{27}$/, 'El CAR tiene 27 letras o dígitos.')
              .meta({ example: '20606433094010F0010000012300' }),
            accion: z.enum(['excluir', 'incluir']),
          }),
        )
        .min(1, 'Elija al menos una fila.')
        .max(10_000),
    }),
    z.object({
      archivo: z.literal('complemento'),
      documentos: z
        .array(
          z.object({
            id: DatabaseIdSchema,
            tipoCambio: z
              .string()
              .regex(/^\d{1,4}(?:\.\d{1,3})?$/, 'El tipo de cambio se escribe como 3.373.')
              .optional()
              .meta({
                description: 'Required for documents in a currency other than PEN',
                example: '3.373',
              }),
          }),
        )
        .min(1, 'Elija al menos un comprobante.')
        .max(10_000),
    }),
  ])
  .meta({ id: 'SireFileRequest' });
export type SireFileRequest = z.output<typeof SireFileRequestSchema>;

/** The SOL user and password and the SOL application SIRE's API is reached with. */
export const SireCredentialsRequestSchema = SunatCredentialsRequestSchema.extend({
  usuarioSol: z
    .string({ message: 'Ingrese el usuario SOL.' })
    .trim()
    .toUpperCase()
    .min(1, 'Ingrese el usuario SOL.')
    .max(20, 'El usuario SOL no puede tener más de 20 caracteres.')
    .regex(/^[A-Z0-9]*$/, 'El usuario SOL solo tiene letras y números (sin el RUC).')
    .meta({ example: 'CONTADOR1' }),
  claveSol: z
    .string({ message: 'Ingrese la clave SOL.' })
    .min(1, 'Ingrese la clave SOL.')
    .max(100, 'La clave SOL no puede tener más de 100 caracteres.')
    .meta({ example: 'Clave-SOL-1' }),
}).meta({
  id: 'SireCredentialsRequest',
  description:
    'The client id and secret of an application registered in SOL, and the SOL user (without the RUC) and password',
});
export type SireCredentialsRequest = z.input<typeof SireCredentialsRequestSchema>;

export const SireCredentialsStatusSchema = z
  .object({
    configured: z.boolean(),
    clientId: z
      .string()
      .nullable()
      .meta({ description: 'Masked: only its last four characters', example: '••••••••3f9a' }),
    usuarioSol: z.string().nullable().meta({ description: 'The SOL user, without the RUC' }),
    state: z.enum(SUNAT_CREDENTIAL_STATES).nullable(),
    message: z.string().meta({
      description: 'What the state means, in Spanish',
      example: 'Credenciales guardadas.',
    }),
    lastUsedAt: z.string().nullable().meta({ description: 'Last time SUNAT accepted them (ISO)' }),
  })
  .meta({ id: 'SireCredentialsStatus' });
export type SireCredentialsStatus = z.infer<typeof SireCredentialsStatusSchema>;

export const SireDownloadRequestSchema = z
  .object({ periodo: PeriodSchema })
  .meta({ id: 'SireDownloadRequest' });
export type SireDownloadRequest = z.input<typeof SireDownloadRequestSchema>;

/** What the API answers about reconciliations. */
export const RECONCILIATION_MESSAGES = {
  fileMissing: API_MESSAGES.reconciliationFileMissing,
  tooLarge: API_MESSAGES.reconciliationTooLarge,
  noRows: API_MESSAGES.reconciliationNoRows,
  notFound: API_MESSAGES.reconciliationNotFound,
  stillRunning: API_MESSAGES.reconciliationStillRunning,
  zipEmpty: API_MESSAGES.reconciliationZipEmpty,
  zipMany: API_MESSAGES.reconciliationZipMany,
  notReady: API_MESSAGES.reconciliationNotReady,
  noMatched: API_MESSAGES.reconciliationNoMatched,
  sireCredentialsMissing: API_MESSAGES.sireCredentialsMissing,
  sireCredentialsAccepted: 'SUNAT aceptó estas credenciales SIRE: la cuenta queda verificada.',
  sireCredentialsUnverified:
    'Credenciales SIRE guardadas; SUNAT no respondió, se probarán al descargar la propuesta.',
  sireCredentialsRefused: API_MESSAGES.sireCredentialsRefused,
  sireCredentialsUnreadable: API_MESSAGES.sireCredentialsUnreadable,
  sireCredentialsRemoved: 'Credenciales SIRE eliminadas.',
  secretsKeyMissing: API_MESSAGES.sireSecretsKeyMissing,
  sireFuturePeriod: API_MESSAGES.sireFuturePeriod,
} as const;
