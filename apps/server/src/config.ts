import { WebConfigSchema, type WebConfig } from '@sufel/contract';
import { z } from 'zod';

/**
 * Everything the server reads from its environment, validated once at start.
 * A bad value stops the start with a list of every offending variable.
 */

const booleanText = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    message: 'use 1/0, true/false, yes/no or on/off',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  ADMIN_TOKEN: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters long').optional(),
  ),
  PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  SUFEL_DEMO: optionalText.pipe(booleanText.optional()).transform((value) => value ?? true),
  TRUST_PROXY: optionalText.pipe(booleanText.optional()).transform((value) => value ?? false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: optionalText,
  SUFEL_RUC: optionalText.pipe(
    z
      .string()
      .regex(/^\d{11}$/, 'must be an 11-digit RUC')
      .optional(),
  ),
  SUFEL_PRODUCT: optionalText,
  SUFEL_COMPANY: optionalText,
  SUFEL_COMPANY_URL: optionalText,
  SUFEL_LOGO: optionalText,
  SUFEL_ENDPOINT: optionalText,
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Unset: generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  /** Unset: the admin API answers that it is disabled. */
  adminToken: string | undefined;
  /** Base of absolute download links; unset: taken from the request. */
  publicUrl: string | undefined;
  demo: boolean;
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Built web app to serve; unset: the workspace's `apps/web/dist`. */
  webDir: string | undefined;
  web: WebConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<AppConfig> {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const web = WebConfigSchema.parse({
    ruc: e.SUFEL_RUC,
    product: e.SUFEL_PRODUCT,
    company: e.SUFEL_COMPANY,
    companyUrl: e.SUFEL_COMPANY_URL,
    logo: e.SUFEL_LOGO,
    endpoint: e.SUFEL_ENDPOINT,
  });
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    adminToken: e.ADMIN_TOKEN,
    publicUrl: e.PUBLIC_URL,
    demo: e.SUFEL_DEMO,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR,
    web: Object.freeze(web),
  });
}
