import { z } from 'zod';

/**
 * Runtime configuration of the web app. The server hands these values to the
 * page, so one build serves any deployment.
 */
export const WebConfigSchema = z
  .object({
    production: z.boolean().default(true),
    ruc: z.string().meta({ example: '20606433094' }).default(''),
    endpoint: z.string().meta({ example: '' }).default(''),
    company: z.string().meta({ example: 'Mi Empresa S.A.C.' }).default('Mi Empresa S.A.C.'),
    companyUrl: z.string().meta({ example: 'https://example.com' }).default('https://example.com'),
    /** How receivers reach the operator: an e-mail address, a phone number or a URL. */
    contact: z.string().meta({ example: 'soporte@example.com' }).default('soporte@example.com'),
    /** One line of legal text under every page. */
    legalNote: z
      .string()
      .meta({ example: 'Los comprobantes se muestran tal como su emisor los publicó.' })
      .default(
        'Los comprobantes se muestran tal como su emisor los publicó; su validez puede verificarse en SUNAT.',
      ),
    product: z.string().meta({ example: 'SUFEL' }).default('SUFEL'),
    logo: z.string().meta({ example: '/logo.svg' }).default('/logo.svg'),
    /** The portal sends mail (SMTP configured): e-mail addresses and reset links work. */
    mail: z.boolean().default(false),
  })
  .meta({ id: 'WebConfig' });
export type WebConfig = z.infer<typeof WebConfigSchema>;

/** Liveness: the process answers; nothing outside it is consulted. */
export const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

/** Readiness: the database and the file store both answer. */
export const ReadinessSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['ok', 'error']),
    files: z.enum(['ok', 'error']),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof ReadinessSchema>;
