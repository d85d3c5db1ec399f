import { z } from 'zod';
import { normalizeAmount } from '../decimal.js';
import { DOCUMENT_TYPE_CODES } from '../document-types.js';
import { toLimaDate } from '../lima-date.js';

/**
 * Which message of the catalogue (API_MESSAGES) an error is. Every answer
 * carries one; it is optional, and any text, here so that answers of older
 * and newer servers still parse.
 */
export const ErrorCodeSchema = z.string().optional().meta({
  description:
    'The key of the message in the catalogue (stable across wording and language); translate by it',
  example: 'notFound',
});

/** Every error the API answers has this shape. */
export const ErrorSchema = z
  .object({
    message: z
      .string()
      .meta({ description: 'What went wrong, in Spanish', example: 'Recurso no encontrado' }),
    code: ErrorCodeSchema,
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof ErrorSchema>;

export const MessageSchema = z
  .object({
    message: z
      .string()
      .meta({ description: 'What was done, in Spanish', example: 'comprobante anulado' }),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

export const RucSchema = z
  .string({ message: 'Ingrese el RUC.' })
  .trim()
  .min(1, 'Ingrese el RUC.')
  // Empty text is min's to report, so each mistake gets exactly one message.
  .regex(/^(?:\d{11})?$/, 'El RUC debe tener 11 dígitos.')
  .meta({ description: 'RUC, 11 digits', example: '20606433094' });

export const DocumentTypeSchema = z
  .enum(DOCUMENT_TYPE_CODES, {
    message: 'Tipo de documento inválido (01, 03, 07, 08, 20 o 40).',
  })
  .meta({
    description:
      'SUNAT catalogue 01: 01 factura, 03 boleta, 07 credit note, 08 debit note, 20 retention, 40 perception',
  });

export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'Calendar day, YYYY-MM-DD', example: '2024-11-25' });

/**
 * A day given as `YYYY-MM-DD` or as an ISO timestamp (browsers send `Date`
 * objects); a timestamp means its calendar day in America/Lima.
 */
export const DateInputSchema = z
  .string({ message: 'Ingrese la fecha.' })
  .transform((value, ctx) => {
    const day = toLimaDate(value);
    if (day === null) {
      const message =
        value.trim() === '' ? 'Ingrese la fecha.' : 'Fecha inválida (use AAAA-MM-DD).';
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return day;
  })
  .meta({
    description: 'YYYY-MM-DD, or an ISO timestamp read as its day in America/Lima',
    example: '2024-11-25',
  });

/** Said when a total cannot be read; it shows totals that can. */
export const AMOUNT_INVALID_MESSAGE =
  'Escriba el total como figura en el comprobante, por ejemplo S/ 1,180.00 o 1180.00.';

/**
 * A total given as a JSON number or text, as printed (see `normalizeAmount`);
 * normalised to "#.##" (never a float).
 */
export const AmountInputSchema = z
  .union([z.number(), z.string()], { message: 'Ingrese el total.' })
  .transform((value, ctx) => {
    const amount = normalizeAmount(value);
    if (amount === null) {
      const empty = typeof value === 'string' && value.trim() === '';
      ctx.addIssue({
        code: 'custom',
        message: empty ? 'Ingrese el total.' : AMOUNT_INVALID_MESSAGE,
      });
      return z.NEVER;
    }
    return amount;
  })
  .meta({
    description:
      'Decimal amount, compared at 2 places; text may carry the currency and thousands separators as printed ("S/ 1,180.00")',
    example: 1180,
  });

/** "F001-123": series, hyphen, number (leading zeros ignored). */
export const SeriesNumberSchema = z
  .string({ message: 'Ingrese la serie y el correlativo.' })
  .trim()
  .min(1, 'Ingrese la serie y el correlativo.')
  .regex(
    /^(?:[A-Za-z0-9]{1,4}\s*-\s*\d{1,10})?$/,
    'Use el formato serie-correlativo, por ejemplo F001-123.',
  )
  .meta({ example: 'F001-123' });

export const SeriesSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,4}$/, 'Serie inválida.')
  .meta({ description: 'Series, up to 4 letters and digits', example: 'F001' });

/** Number part of a document: digits, given as text or a JSON number. */
export const CorrelativoInputSchema = z
  .union([z.string().meta({ example: '123' }), z.number().int().nonnegative()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, 'Correlativo inválido.'))
  .meta({ description: 'Number, as text or a JSON number; leading zeros ignored' });

const INVALID_ID = 'Identificador inválido.';

/** A row id in a path: PostgreSQL integers stop at 2147483647. */
export const DatabaseIdSchema = z.coerce
  .number({ message: INVALID_ID })
  .int(INVALID_ID)
  .min(1, INVALID_ID)
  .max(2_147_483_647, INVALID_ID);

export const NewPasswordSchema = z
  .string({ message: 'Ingrese la contraseña.' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres.')
  .max(128, 'La contraseña no puede tener más de 128 caracteres.')
  .meta({ description: '8 to 128 characters', example: 'Nueva-clave-2024' });

/** Existing accounts may predate the length rule, so logins only bound the size. */
export const LoginPasswordSchema = z
  .string({ message: 'Ingrese la contraseña.' })
  .min(1, 'Ingrese la contraseña.')
  .max(256)
  .meta({ description: "The account's password", example: 'Mi-clave-2024' });

export const TokenResponseSchema = z
  .object({
    token: z.string().meta({
      description: 'Send as `Authorization: Bearer <token>`',
      example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMDYwNjQzMzA5NCJ9.c2lnbmF0dXJl',
    }),
    expire: z
      .number()
      .int()
      .meta({ description: 'Unix time (seconds) when the token expires', example: 1732665600 }),
  })
  .meta({ id: 'AuthToken' });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * A changed password ends every earlier session; the one that changed it goes
 * on with this token (browsers also get a new cookie). Clients that read only
 * `message` keep working.
 */
export const PasswordChangedSchema = MessageSchema.extend({
  message: z
    .string()
    .meta({ description: 'What was done, in Spanish', example: 'contraseña actualizada' }),
  token: z.string().meta({
    description: 'A new token: the change ends every earlier session',
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMDYwNjQzMzA5NCJ9.c2lnbmF0dXJl',
  }),
  expire: z.number().int().meta({ description: 'Unix time (seconds) when the token expires' }),
}).meta({ id: 'PasswordChanged' });
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

/**
 * A new account is signed in at once: the answer carries a session like a
 * login's (browsers also get its cookie). Clients that read only `message`
 * go on working.
 */
export const ClientRegisteredSchema = MessageSchema.extend({
  token: z.string().meta({
    description: "The new account's first session token (+5 h)",
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyMDQxNTkzMjM3NiJ9.c2lnbmF0dXJl',
  }),
  expire: z.number().int().meta({ description: 'Unix time (seconds) when the token expires' }),
}).meta({ id: 'ClientRegistered' });
export type ClientRegistered = z.infer<typeof ClientRegisteredSchema>;

/** Optional filter fields arrive as '' or null from forms: both mean "not given". */
export function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    schema.optional(),
  );
}
