import { z } from 'zod';
import { API_MESSAGES } from '../messages.js';
import { DatabaseIdSchema, DateInputSchema, IsoDateSchema } from './common.js';

/**
 * SUNAT's "consulta integrada": what SUNAT says of a document now, asked with
 * the receiver's own "Credenciales de API SUNAT". Codes are SUNAT's; their
 * words are SUNAT's too (Manual de Consulta Integrada de Comprobante de Pago).
 */

/** `estadoCp`: the document's state at SUNAT. */
export const ESTADO_CP_WORDS = {
  '0': 'NO EXISTE',
  '1': 'ACEPTADO',
  '2': 'ANULADO',
  '3': 'AUTORIZADO',
  '4': 'NO AUTORIZADO',
} as const;
export type EstadoCp = keyof typeof ESTADO_CP_WORDS;
export const ESTADO_CP_CODES = Object.keys(ESTADO_CP_WORDS) as [EstadoCp, ...EstadoCp[]];

/** `estadoRuc`: the issuer's taxpayer state. */
export const ESTADO_RUC_WORDS: Readonly<Record<string, string>> = {
  '00': 'ACTIVO',
  '01': 'BAJA PROVISIONAL',
  '02': 'BAJA PROV. POR OFICIO',
  '03': 'SUSPENSION TEMPORAL',
  '10': 'BAJA DEFINITIVA',
  '11': 'BAJA DE OFICIO',
  '22': 'INHABILITADO-VENT.UNICA',
};

/** `condDomiRuc`: the issuer's domicile condition. */
export const COND_DOMI_RUC_WORDS: Readonly<Record<string, string>> = {
  '00': 'HABIDO',
  '09': 'PENDIENTE',
  '11': 'POR VERIFICAR',
  '12': 'NO HABIDO',
  '20': 'NO HALLADO',
};

/** Types SUNAT answers for: guías (09), retenciones (20) and percepciones (40) it does not. */
export const VALIDITY_CHECKABLE_TYPES = ['01', '03', '04', '07', '08', 'R1', 'R7'] as const;

export function isCheckableType(type: string): boolean {
  return (VALIDITY_CHECKABLE_TYPES as readonly string[]).includes(type);
}

export const ValiditySchema = z
  .object({
    estadoCp: z.enum(ESTADO_CP_CODES).meta({
      description: '0 NO EXISTE, 1 ACEPTADO, 2 ANULADO, 3 AUTORIZADO, 4 NO AUTORIZADO',
    }),
    estadoRuc: z.string().nullable().meta({
      description: "Issuer's RUC state (00 ACTIVO…); null when the document does not exist",
    }),
    condDomiRuc: z
      .string()
      .nullable()
      .meta({ description: "Issuer's domicile condition (00 HABIDO, 12 NO HABIDO…)" }),
    observaciones: z
      .array(z.string().meta({ example: 'El comprobante fue informado a SUNAT.' }))
      .meta({
        description: "SUNAT's observations, as sent",
      }),
    checkedAt: z
      .string()
      .meta({ description: 'When SUNAT answered (ISO)', example: '2024-11-26T09:30:00.000Z' }),
  })
  .meta({ id: 'DocumentValidity' });
export type Validity = z.infer<typeof ValiditySchema>;

/** What people must be warned of, from SUNAT's answer. */
export const VALIDITY_WARNINGS = [
  'no_existe',
  'anulado',
  'no_autorizado',
  'otro_contribuyente',
  'proveedor_no_habido',
  'proveedor_no_activo',
] as const;
export type ValidityWarning = (typeof VALIDITY_WARNINGS)[number];

/** The Spanish words of each warning (the web's English catalogue has its own). */
export const VALIDITY_WARNING_WORDS: Readonly<Record<ValidityWarning, string>> = {
  no_existe: 'No existe en SUNAT',
  anulado: 'Anulado en SUNAT',
  no_autorizado: 'No autorizado en SUNAT',
  otro_contribuyente: 'Emitido a otro contribuyente',
  proveedor_no_habido: 'Proveedor NO HABIDO',
  proveedor_no_activo: 'RUC del proveedor no activo',
};

const OTHER_TAXPAYER = /emitido a otro contribuyente/i;

/** The list's `validez` filter: SUNAT's `estadoCp`, or `sin` for documents not checked yet. */
export const VALIDEZ_FILTERS = [...ESTADO_CP_CODES, 'sin'] as const;
export type ValidezFilter = (typeof VALIDEZ_FILTERS)[number];

export const ValidezFilterSchema = z
  .enum(VALIDEZ_FILTERS, {
    message: 'Estado en SUNAT desconocido: use 0, 1, 2, 3, 4 o sin (no consultado).',
  })
  .meta({ description: "SUNAT's estadoCp (0–4), or sin: not checked with SUNAT yet" });

/** The warnings SUNAT's answer calls for, most serious first. */
export function validityWarnings(
  validity: Pick<Validity, 'estadoCp' | 'estadoRuc' | 'condDomiRuc' | 'observaciones'>,
): ValidityWarning[] {
  const warnings: ValidityWarning[] = [];
  if (validity.estadoCp === '0') warnings.push('no_existe');
  if (validity.estadoCp === '2') warnings.push('anulado');
  if (validity.estadoCp === '4') warnings.push('no_autorizado');
  if (validity.observaciones.some((text) => OTHER_TAXPAYER.test(text))) {
    warnings.push('otro_contribuyente');
  }
  if (validity.condDomiRuc === '12' || validity.condDomiRuc === '20') {
    warnings.push('proveedor_no_habido');
  }
  if (validity.estadoRuc !== null && validity.estadoRuc !== '00') {
    warnings.push('proveedor_no_activo');
  }
  return warnings;
}

export const SunatCredentialsRequestSchema = z
  .object({
    clientId: z
      .string({ message: 'Ingrese el client id.' })
      .trim()
      .min(1, 'Ingrese el client id.')
      .max(100, 'El client id no puede tener más de 100 caracteres.')
      .regex(/^[\w.-]*$/, 'El client id solo tiene letras, números y guiones.')
      .meta({ example: '4f1c2a7e-9b3d-4e8a-a1b2-c3d4e5f63f9a' }),
    clientSecret: z
      .string({ message: 'Ingrese el client secret.' })
      .trim()
      .min(1, 'Ingrese el client secret.')
      .max(200, 'El client secret no puede tener más de 200 caracteres.')
      .meta({ example: 'Xq3vT9bKp2LmN8rW4sYc' }),
  })
  .meta({
    id: 'SunatCredentialsRequest',
    description: 'The "Credenciales de API SUNAT" the company created in SOL',
  });
export type SunatCredentialsRequest = z.input<typeof SunatCredentialsRequestSchema>;

/**
 * accepted: SUNAT issued a token with them; unverified: saved while SUNAT did
 * not answer; refused: SUNAT refused them; unreadable: SECRETS_KEY changed.
 */
export const SUNAT_CREDENTIAL_STATES = ['accepted', 'unverified', 'refused', 'unreadable'] as const;
export type SunatCredentialState = (typeof SUNAT_CREDENTIAL_STATES)[number];

export const SunatCredentialsStatusSchema = z
  .object({
    configured: z.boolean(),
    clientId: z
      .string()
      .nullable()
      .meta({ description: 'Masked: only its last four characters', example: '••••••••3f9a' }),
    state: z.enum(SUNAT_CREDENTIAL_STATES).nullable(),
    message: z.string().meta({
      description: 'What the state means, in Spanish',
      example: 'Credenciales guardadas.',
    }),
    lastUsedAt: z.string().nullable().meta({ description: 'Last time SUNAT accepted them (ISO)' }),
  })
  .meta({ id: 'SunatCredentialsStatus' });
export type SunatCredentialsStatus = z.infer<typeof SunatCredentialsStatusSchema>;

export const DocumentValidityAnswerSchema = z
  .object({
    validity: ValiditySchema.nullable().meta({
      description: "SUNAT's answer; while pending, the previous one (or null)",
    }),
    pending: z
      .boolean()
      .meta({ description: 'SUNAT has not answered yet; the result is stored when it does' }),
    message: z.string().meta({ example: 'Consulta enviada a SUNAT.' }),
  })
  .meta({ id: 'DocumentValidityAnswer' });
export type DocumentValidityAnswer = z.infer<typeof DocumentValidityAnswerSchema>;

export const ValidityCheckRequestSchema = z
  .object({ start: DateInputSchema, end: DateInputSchema })
  .meta({ id: 'ValidityCheckRequest' });
export type ValidityCheckRequest = z.input<typeof ValidityCheckRequestSchema>;

/** Most documents one check of a period may cover. */
export const VALIDITY_CHECK_MAX_DOCUMENTS = 10_000;

export const ValidityCheckStartedSchema = z
  .object({
    id: z.number().int(),
    total: z.number().int().meta({ description: 'Documents queued for SUNAT' }),
    skipped: z
      .number()
      .int()
      .meta({ description: 'Documents of the period of types SUNAT does not answer for' }),
  })
  .meta({ id: 'ValidityCheckStarted' });
export type ValidityCheckStarted = z.infer<typeof ValidityCheckStartedSchema>;

export const ValidityCheckSchema = z
  .object({
    id: z.number().int(),
    start: IsoDateSchema,
    end: IsoDateSchema,
    total: z.number().int(),
    done: z.number().int().meta({ description: 'Documents SUNAT answered for' }),
    failed: z.number().int().meta({ description: 'Documents given up, with the reason' }),
    state: z.enum(['running', 'done']),
    skipped: z.number().int(),
    failures: z
      .array(
        z.object({
          documentId: z.number().int(),
          reason: z.string().meta({ example: 'SUNAT no respondió.' }),
        }),
      )
      .meta({ description: 'The first failures, with why each was given up' }),
    createdAt: z.string().meta({ example: '2024-11-26T09:30:00.000Z' }),
  })
  .meta({ id: 'ValidityCheck' });
export type ValidityCheck = z.infer<typeof ValidityCheckSchema>;

export const ValidityCheckListSchema = z.array(ValidityCheckSchema);

export const ValidityCheckParamsSchema = z.object({ id: DatabaseIdSchema });

/** What the API answers about credentials and checks. */
export const SUNAT_VALIDITY_MESSAGES = {
  credentialsAccepted: 'Credenciales guardadas: SUNAT las aceptó.',
  credentialsUnverified:
    'Credenciales guardadas, pero SUNAT no respondió para probarlas; se probarán en la próxima consulta.',
  credentialsUnreadable: API_MESSAGES.sunatCredentialsUnreadable,
  credentialsMissing: API_MESSAGES.sunatCredentialsMissing,
  credentialsRefused: API_MESSAGES.sunatCredentialsRefused,
  credentialsRemoved: 'Credenciales de API SUNAT eliminadas.',
  secretsKeyMissing: API_MESSAGES.sunatSecretsKeyMissing,
  notCheckable: API_MESSAGES.sunatNotCheckable,
  checkRunning: API_MESSAGES.sunatCheckRunning,
  nothingToCheck: API_MESSAGES.sunatNothingToCheck,
  tooManyToCheck: API_MESSAGES.sunatTooManyToCheck,
  checked: 'SUNAT respondió la consulta.',
  pending: API_MESSAGES.sunatPending,
  checkNotFound: API_MESSAGES.sunatCheckNotFound,
} as const;
