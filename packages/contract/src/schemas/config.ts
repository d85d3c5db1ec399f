import { z } from 'zod';

/**
 * Runtime configuration of the web app. The server hands these values to the
 * page, so one build serves any deployment.
 */
export const WebConfigSchema = z
  .object({
    production: z.boolean().default(true),
    ruc: z.string().default(''),
    endpoint: z.string().default(''),
    company: z.string().default('Mi Empresa S.A.C.'),
    companyUrl: z.string().default('https://example.com'),
    product: z.string().default('SUFEL'),
    logo: z.string().default('/logo.svg'),
  })
  .meta({ id: 'WebConfig' });
export type WebConfig = z.infer<typeof WebConfigSchema>;

export const HealthSchema = z
  .object({ status: z.enum(['ok', 'error']), database: z.enum(['ok', 'error']) })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
