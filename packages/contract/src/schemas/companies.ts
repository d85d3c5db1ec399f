import { z } from 'zod';
import { NewPasswordSchema, RucSchema } from './common.js';

export const CompanyNameSchema = z
  .string({ message: 'Ingrese el nombre.' })
  .trim()
  .min(1, 'Ingrese el nombre.')
  .max(200);

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
  .object({ ruc: z.string(), nombre: z.string(), habilitado: z.boolean() })
  .meta({ id: 'CompanyAdminView' });
export type CompanyAdminView = z.infer<typeof CompanyAdminViewSchema>;

/** An issuer as a receiver sees it. */
export const IssuerSummarySchema = z
  .object({ ruc: z.string(), nombre: z.string() })
  .meta({ id: 'IssuerSummary' });
export type IssuerSummary = z.infer<typeof IssuerSummarySchema>;

export const RucParamsSchema = z.object({ ruc: RucSchema });

export const AdminTokenQuerySchema = z.object({
  token: z.string().optional().meta({ description: 'Admin token (legacy; prefer Bearer)' }),
});
