import { z } from 'zod';
import {
  DatabaseIdSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
  optionalFilter,
  RucSchema,
} from './common.js';

export const MailLanguageSchema = z.enum(['es', 'en']).meta({
  description: 'Language of the mail sent to the address',
});

export const EmailAddressSchema = z
  .string({ message: 'Ingrese el correo electrónico.' })
  .trim()
  .min(1, 'Ingrese el correo electrónico.')
  .max(254, 'El correo electrónico no puede tener más de 254 caracteres.')
  .pipe(z.email({ message: 'El correo electrónico no es válido.' }))
  .meta({ example: 'facturas@empresa.pe' });

export const ClientEmailSchema = z
  .object({
    id: z.number().int(),
    address: z.string().meta({ example: 'facturas@empresa.pe' }),
    confirmed: z.boolean(),
    language: MailLanguageSchema,
  })
  .meta({ id: 'ClientEmail' });
export type ClientEmail = z.infer<typeof ClientEmailSchema>;

export const ClientEmailListSchema = z.array(ClientEmailSchema);

export const AddClientEmailRequestSchema = z
  .object({
    address: EmailAddressSchema,
    language: MailLanguageSchema.default('es'),
    password: optionalFilter(LoginPasswordSchema).meta({
      description:
        "The account's current password: needed to add an address, not to mail a pending one its link again",
    }),
  })
  .meta({ id: 'AddClientEmail' });
export type AddClientEmailRequest = z.input<typeof AddClientEmailRequestSchema>;

export const ClientEmailParamsSchema = z.object({
  id: DatabaseIdSchema,
});

/** A token from a link the portal mailed. */
export const MailedTokenSchema = z
  .string({ message: 'Falta el código del enlace.' })
  .min(1, 'Falta el código del enlace.')
  .max(2048, 'El enlace no es válido o ya venció. Solicite uno nuevo.')
  .meta({ description: 'The code in the mailed link', example: 'q3Zx8vK1bN4mT7rW2yC5dF9hJ0' });

export const ConfirmEmailRequestSchema = z
  .object({ token: MailedTokenSchema })
  .meta({ id: 'ConfirmEmail' });
export type ConfirmEmailRequest = z.input<typeof ConfirmEmailRequestSchema>;

export const PasswordResetRequestSchema = z
  .object({
    documento: RucSchema,
    language: MailLanguageSchema.optional(),
  })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** Asks whether a mailed reset link still works, before its page asks for a password. */
export const PasswordResetLinkRequestSchema = z
  .object({ token: MailedTokenSchema })
  .meta({ id: 'PasswordResetLinkRequest' });
export type PasswordResetLinkRequest = z.input<typeof PasswordResetLinkRequestSchema>;

export const PasswordResetLinkSchema = z
  .object({
    documento: z
      .string()
      .meta({ description: 'RUC of the account the link resets', example: '20415932376' }),
  })
  .meta({ id: 'PasswordResetLink' });
export type PasswordResetLink = z.infer<typeof PasswordResetLinkSchema>;

export const PasswordResetConfirmSchema = z
  .object({
    token: MailedTokenSchema,
    password: NewPasswordSchema,
    repeat_password: z
      .string({ message: 'Repita la contraseña.' })
      .min(1, 'Repita la contraseña.')
      .meta({ description: 'Must equal `password`', example: 'Nueva-clave-2024' }),
  })
  .refine((body) => body.password === body.repeat_password, {
    message: 'Las contraseñas no coinciden.',
    path: ['repeat_password'],
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;

export const ClientPasswordSetRequestSchema = z
  .object({ password: NewPasswordSchema })
  .meta({ id: 'ClientPasswordSet' });

export const ClientDocumentoParamsSchema = z.object({ documento: RucSchema });
