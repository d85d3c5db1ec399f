import { z } from 'zod';
import { DatabaseIdSchema, NewPasswordSchema, RucSchema } from './common.js';

export const CompanyNameSchema = z
  .string({ message: 'Ingrese el nombre.' })
  .trim()
  .min(1, 'Ingrese el nombre.')
  .max(200)
  .meta({ description: "The issuer's legal name", example: 'MI EMPRESA S.A.C.' });

const IssuerRucText = z.string().meta({ description: 'RUC', example: '20606433094' });
const IssuerNameText = z.string().meta({ description: 'Legal name', example: 'MI EMPRESA S.A.C.' });

export const CompanyCreateRequestSchema = z
  .object({ ruc: RucSchema, nombre: CompanyNameSchema, password: NewPasswordSchema })
  .meta({ id: 'Company' });
export type CompanyCreateRequest = z.input<typeof CompanyCreateRequestSchema>;

export const CompanyUpdateRequestSchema = z
  .object({
    nombre: CompanyNameSchema.optional(),
    habilitado: z.boolean().optional(),
    password: NewPasswordSchema.optional(),
  })
  .meta({ id: 'CompanyUpdate' });
export type CompanyUpdateRequest = z.input<typeof CompanyUpdateRequestSchema>;

export const CompanyAdminViewSchema = z
  .object({ ruc: IssuerRucText, nombre: IssuerNameText, habilitado: z.boolean() })
  .meta({ id: 'CompanyAdminView' });
export type CompanyAdminView = z.infer<typeof CompanyAdminViewSchema>;

/** An issuer as a receiver sees it. */
export const IssuerSummarySchema = z
  .object({ ruc: IssuerRucText, nombre: IssuerNameText })
  .meta({ id: 'IssuerSummary' });
export type IssuerSummary = z.infer<typeof IssuerSummarySchema>;

export const RucParamsSchema = z.object({ ruc: RucSchema });

export const AdminTokenQuerySchema = z.object({
  token: z.string().optional().meta({ description: 'Admin token (legacy; prefer Bearer)' }),
});

export const CompanyTokenNameSchema = z
  .string({ message: 'Ingrese un nombre para el token.' })
  .trim()
  .min(1, 'Ingrese un nombre para el token.')
  .max(100, 'El nombre del token no puede tener más de 100 caracteres.')
  .meta({ description: 'A name to tell the token by', example: 'Facturador de la tienda' });

export const CompanyTokenCreateRequestSchema = z
  .object({ nombre: CompanyTokenNameSchema })
  .meta({ id: 'CompanyTokenCreate' });
export type CompanyTokenCreateRequest = z.input<typeof CompanyTokenCreateRequestSchema>;

/** An issuer's API token as listed: never the token itself, which is not kept. */
export const CompanyTokenSchema = z
  .object({
    id: z.number().int().meta({ description: 'Revoke it with DELETE /api/company/tokens/{id}' }),
    nombre: z.string().meta({ description: 'Name given at creation', example: 'Facturador' }),
    creado: z
      .string()
      .meta({ description: 'ISO 8601 time of creation', example: '2024-11-25T15:04:05.000Z' }),
    ultimo_uso: z.string().nullable().meta({
      description: 'ISO 8601 time of the last use, to the minute; null if never used',
      example: '2024-11-26T09:30:00.000Z',
    }),
  })
  .meta({ id: 'CompanyToken' });
export type CompanyToken = z.infer<typeof CompanyTokenSchema>;

export const CompanyTokenListSchema = z.array(CompanyTokenSchema);

/** A token just created: the only answer that carries its text. */
export const CreatedCompanyTokenSchema = CompanyTokenSchema.extend({
  token: z.string().meta({
    description: 'Send as `Authorization: Bearer <token>`. Shown only now: it is stored hashed.',
    example: 'sufel_Xq3vT9bKp2LmN8rW4sYc6dFh1jZa5eUo7iGt0wQnRkB',
  }),
}).meta({ id: 'CreatedCompanyToken' });
export type CreatedCompanyToken = z.infer<typeof CreatedCompanyTokenSchema>;

export const CompanyTokenParamsSchema = z.object({
  id: DatabaseIdSchema.meta({ description: 'The token, as listed', example: 7 }),
});
