import { z } from 'zod';
import { DocumentProofSchema } from './auth.js';
import { MessageSchema, NewPasswordSchema } from './common.js';

export const RECEIVER_VERIFIERS = ['operator', 'sire'] as const;
export type ReceiverVerifier = (typeof RECEIVER_VERIFIERS)[number];

/** How an account came to see an issuer: a document proof, or it saw it before access was per issuer. */
export const GRANT_PROOFS = ['document', 'before_rule'] as const;

export const GrantedIssuerSchema = z
  .object({
    ruc: z.string().meta({ example: '20606433094' }),
    nombre: z.string().meta({ example: 'MI EMPRESA S.A.C.' }),
    prueba: z.enum(GRANT_PROOFS).meta({
      description:
        'document: a document of this issuer was proved; before_rule: the account saw it before access was per issuer',
    }),
    desde: z.iso.datetime().meta({ description: 'When it was granted' }),
  })
  .meta({ id: 'GrantedIssuer' });
export type GrantedIssuer = z.infer<typeof GrantedIssuerSchema>;

/**
 * Which documents a receiver account sees: every issuer's once its RUC is
 * verified, otherwise those of the issuers it proved a document of.
 */
export const ReceiverAccessSchema = z
  .object({
    nombre: z.string().meta({
      description: "The account's name (razón social), as registered",
      example: 'CLIENTE EJEMPLO S.A.',
    }),
    verificado: z.boolean(),
    verificadoPor: z
      .enum(RECEIVER_VERIFIERS)
      .nullable()
      .meta({ description: "operator: the portal's operator; sire: a login to SUNAT's SIRE" }),
    verificadoEn: z.iso.datetime().nullable(),
    emisores: z
      .array(GrantedIssuerSchema)
      .meta({ description: 'Issuers granted by proof (what an unverified account sees)' }),
    contacto: z.string().meta({
      description: "The operator's contact, who verifies accounts",
      example: 'soporte@example.com',
    }),
  })
  .meta({ id: 'ReceiverAccess' });
export type ReceiverAccess = z.infer<typeof ReceiverAccessSchema>;

/** "Agregar emisor": the data of one document of that issuer, as at registration. */
export const ClientIssuerAddRequestSchema = z
  .object({ comprobante: DocumentProofSchema })
  .meta({ id: 'ClientIssuerAdd' });
export type ClientIssuerAddRequest = z.input<typeof ClientIssuerAddRequestSchema>;

export const ClientIssuerAddedSchema = MessageSchema.extend({ acceso: ReceiverAccessSchema }).meta({
  id: 'ClientIssuerAdded',
});
export type ClientIssuerAdded = z.infer<typeof ClientIssuerAddedSchema>;

/** The operator's changes to a receiver account: a new password, verifying its RUC, or both. */
export const ClientUpdateRequestSchema = z
  .object({
    password: NewPasswordSchema.optional(),
    verificado: z
      .literal(true, { message: 'Solo se puede verificar una cuenta (verificado: true).' })
      .optional()
      .meta({
        description:
          'Verify the RUC: the account sees every issuer. An account opened by document proof alone also gets a new password and its sessions end',
      }),
  })
  .refine((body) => body.password !== undefined || body.verificado !== undefined, {
    message: 'Indique una contraseña nueva (password) o verificado: true.',
  })
  .meta({ id: 'ClientUpdate' });
export type ClientUpdateRequest = z.input<typeof ClientUpdateRequestSchema>;

export const ClientUpdatedSchema = MessageSchema.extend({
  password: z.string().optional().meta({
    description: 'The new password, shown only in this answer, when one was generated',
    example: 'kT7-mQ2x-Lp9w',
  }),
}).meta({ id: 'ClientUpdated' });
export type ClientUpdated = z.infer<typeof ClientUpdatedSchema>;
