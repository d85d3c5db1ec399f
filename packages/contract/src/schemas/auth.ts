import { z } from 'zod';
import { API_MESSAGES } from '../messages.js';
import { EmailAddressSchema, MailLanguageSchema } from './client-emails.js';
import {
  AmountInputSchema,
  DateInputSchema,
  DocumentTypeSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
  optionalFilter,
  RucSchema,
  SeriesNumberSchema,
} from './common.js';

export const CompanyAuthRequestSchema = z
  .object({ ruc: RucSchema, password: LoginPasswordSchema })
  .meta({ id: 'CompanyCredential' });
export type CompanyAuthRequest = z.input<typeof CompanyAuthRequestSchema>;

/**
 * What is printed on one document: enough to prove that whoever asks holds it.
 * Used by the individual consultation and as the proof of registration.
 */
export const DocumentProofSchema = z
  .object({
    emisor: RucSchema,
    tipo: DocumentTypeSchema,
    documento: SeriesNumberSchema,
    fecha: DateInputSchema,
    total: AmountInputSchema,
  })
  .meta({ id: 'DocumentCredential' });
export type DocumentProofInput = z.input<typeof DocumentProofSchema>;
export type DocumentProof = z.output<typeof DocumentProofSchema>;

export const DocumentAuthRequestSchema = DocumentProofSchema;
export type DocumentAuthRequest = DocumentProofInput;

export const ClientLoginRequestSchema = z
  .object({
    documento: z
      .string({ message: 'Ingrese el RUC.' })
      .trim()
      .min(1, 'Ingrese el RUC.')
      .max(20)
      .meta({ description: "The receiver company's RUC", example: '20415932376' }),
    password: LoginPasswordSchema,
  })
  .meta({ id: 'ClientCredential' });
export type ClientLoginRequest = z.input<typeof ClientLoginRequestSchema>;

const passwordsMatch = (body: { password: string; repeat_password: string }) =>
  body.password === body.repeat_password;

/**
 * Compare two passwords as soon as both are typed, even while other fields are
 * still invalid (object checks otherwise wait for every field), so a form can
 * say they differ right away.
 */
function bothTyped(first: string, second: string) {
  return ({ value }: { value: unknown }) => {
    const body = value as Record<string, unknown> | null;
    const a = body?.[first];
    const b = body?.[second];
    return typeof a === 'string' && a !== '' && typeof b === 'string' && b !== '';
  };
}

export const ClientRegisterRequestSchema = z
  .object({
    documento: RucSchema,
    nombres: z
      .string({ message: 'Ingrese la razón social.' })
      .trim()
      .min(1, 'Ingrese la razón social.')
      .max(200)
      .meta({ example: 'CLIENTE EJEMPLO S.A.' }),
    password: NewPasswordSchema,
    repeat_password: z
      .string({ message: 'Repita la contraseña.' })
      .min(1, 'Repita la contraseña.')
      .meta({ description: 'Must equal `password`', example: 'Nueva-clave-2024' }),
    comprobante: DocumentProofSchema,
    email: optionalFilter(EmailAddressSchema).meta({
      description: 'Optional: an address to confirm by a mailed link (password reset, notices)',
    }),
    language: MailLanguageSchema.optional(),
  })
  .refine(passwordsMatch, {
    message: API_MESSAGES.passwordsDiffer,
    path: ['repeat_password'],
    when: bothTyped('password', 'repeat_password'),
  })
  .meta({ id: 'ClientRegister' });
export type ClientRegisterRequest = z.input<typeof ClientRegisterRequestSchema>;

export const ClientResetPasswordRequestSchema = z
  .object({
    documento: RucSchema,
    password: NewPasswordSchema,
    repeat_password: z
      .string({ message: 'Repita la contraseña.' })
      .min(1, 'Repita la contraseña.')
      .meta({ description: 'Must equal `password`', example: 'Nueva-clave-2024' }),
    comprobante: DocumentProofSchema,
  })
  .refine(passwordsMatch, {
    message: API_MESSAGES.passwordsDiffer,
    path: ['repeat_password'],
    when: bothTyped('password', 'repeat_password'),
  })
  .meta({ id: 'ClientResetPassword' });
export type ClientResetPasswordRequest = z.input<typeof ClientResetPasswordRequestSchema>;

export const ChangePasswordRequestSchema = z
  .object({
    old: LoginPasswordSchema,
    new: NewPasswordSchema,
    repeat: z
      .string()
      .optional()
      .meta({ description: 'When given, must equal `new`', example: 'Nueva-clave-2024' }),
  })
  .refine((body) => body.repeat === undefined || body.repeat === body.new, {
    message: API_MESSAGES.passwordsDiffer,
    path: ['repeat'],
    when: bothTyped('new', 'repeat'),
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;
