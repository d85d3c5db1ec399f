import { WebConfigSchema, type WebConfig } from '@sufel/contract';
import { SIRE_API_URL, SIRE_AUTH_URL } from '@sufel/sire';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { FILE_DRIVERS, type FileDriver } from './file-store/file-store.js';
import type { S3Settings } from './file-store/s3-file-store.js';
import { SUNAT_API_URL, SUNAT_AUTH_URL } from './sunat/validity-client.js';

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

function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);
}

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
  SECRETS_KEY: optionalText.pipe(
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
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(
        /^[^<>@\s]*@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/,
        'must be an address, e.g. SUFEL <no-reply@example.pe>',
      )
      .optional(),
  ),
  SUFEL_DEMO: optionalText.pipe(booleanText.optional()).transform((value) => value ?? true),
  VERIFY_SIGNATURES: optionalText.pipe(booleanText.optional()).transform((value) => value ?? true),
  TRUST_PROXY: optionalText.pipe(booleanText.optional()).transform((value) => value ?? false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIR: optionalText,
  EXPORTS_PER_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(30),
  RETENTION_YEARS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(6),
  FILES: optionalText.pipe(
    z.enum(FILE_DRIVERS, { message: `use ${FILE_DRIVERS.join(', ')}` }).optional(),
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(booleanText.optional()).transform((v) => v ?? false),
  METRICS: optionalText.pipe(booleanText.optional()).transform((value) => value ?? false),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters long').optional(),
  ),
  SUFEL_RUC: optionalText.pipe(
    z
      .string()
      .regex(/^\d{11}$/, 'must be an 11-digit RUC')
      .optional(),
  ),
  SUFEL_PRODUCT: optionalText,
  SUFEL_COMPANY: optionalText,
  SUFEL_COMPANY_URL: optionalText,
  SUFEL_CONTACT: optionalText,
  SUFEL_LEGAL_NOTE: optionalText,
  SUFEL_LOGO: optionalText,
  SUFEL_ENDPOINT: optionalText,
  RENDER_WORKERS: wholeNumber(1, 64).default(availableParallelism()),
  RENDER_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
  RENDER_MEMORY_MB: wholeNumber(64, 16_384).default(512),
  SUNAT_AUTH_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  SUNAT_API_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  SUNAT_RATE_PER_SECOND: z.coerce
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .max(100, 'must be at most 100')
    .default(5),
  SUNAT_TIMEOUT_MS: wholeNumber(1_000, 120_000).default(15_000),
  SIRE_AUTH_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  SIRE_API_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  JOB_CONCURRENCY: wholeNumber(1, 256).default(8),
  JOB_LEASE_SECONDS: wholeNumber(2, 3600).default(30),
  INBOUND_DOMAIN: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i,
        {
          message: 'must be a domain name, e.g. facturas.example.pe',
        },
      )
      .transform((domain) => domain.toLowerCase())
      .optional(),
  ),
  INBOUND_SMTP_PORT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    wholeNumber(0, 65535).optional(),
  ),
  INBOUND_TLS_CERT: optionalText,
  INBOUND_TLS_KEY: optionalText,
  INBOUND_IMAP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^imaps?:\/\/[^/]/, 'must be an imap:// or imaps:// URL')
      .optional(),
  ),
  INBOUND_IMAP_ADDRESS: optionalText.pipe(
    z.email({ message: 'must be an e-mail address, e.g. facturas@example.pe' }).optional(),
  ),
  INBOUND_IMAP_FOLDER: optionalText.transform((value) => value ?? 'SUFEL-procesados'),
  INBOUND_IMAP_REJECTED_FOLDER: optionalText.transform((value) => value ?? 'SUFEL-rechazados'),
  INBOUND_IMAP_POLL_SECONDS: wholeNumber(1, 3600).default(60),
});

export const DEFAULT_MAIL_FROM = 'SUFEL <no-reply@localhost>';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Unset: generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  /** Seals receivers' credentials; unset: generated into `dataDir`, or none with DATABASE_URL. */
  secretsKey: string | undefined;
  /** Unset: the admin API answers that it is disabled. */
  adminToken: string | undefined;
  /**
   * The portal's public address: every absolute link written into a mail or a
   * stored file starts with it. Unset: the download links handed to an issuer
   * follow the request, and nothing stored or mailed names an address.
   */
  publicUrl: string | undefined;
  /** Unset: no mail is sent and e-mail features say they are off. */
  mail: Readonly<MailSettings> | undefined;
  demo: boolean;
  /** Check each published XML's digital signature (on unless VERIFY_SIGNATURES=0). */
  verifySignatures: boolean;
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Exports one receiver may start per hour (one at a time). */
  exportsPerHour: number;
  /** Years a received copy its owner removed is kept before it is purged. */
  retentionYears: number;
  /** Where files are kept: `local` by default on the embedded database, `postgres` with DATABASE_URL. */
  files: FileDriver;
  /** Set when `files` is `s3` or S3_BUCKET is given. */
  s3: Readonly<S3Settings> | undefined;
  /** `/metrics`: off, open (METRICS=1) or behind a bearer token (METRICS_TOKEN). */
  metrics: { enabled: boolean; token: string | undefined };
  /** Built web app to serve; unset: the workspace's `apps/web/dist`. */
  webDir: string | undefined;
  web: WebConfig;
  /** Worker pool for PDF renders and large XML: threads, and each task's time and memory. */
  render: { workers: number; timeoutMs: number; memoryMb: number };
  /** SUNAT's consulta integrada: where, how many queries per second per consulting RUC, how long each may take. */
  sunat: { authUrl: string; apiUrl: string; ratePerSecond: number; timeoutMs: number };
  /** SUNAT's token service and SIRE's API, for the purchase register's proposal. */
  sire: { authUrl: string; apiUrl: string };
  /** Background jobs this instance runs at once, and how soon another takes over a dead one's. */
  jobs: { concurrency: number; leaseMs: number };
  /** The ways mail brings documents in; both off by default. */
  inbound: { smtp: InboundSmtpConfig | undefined; imap: InboundImapConfig | undefined };
}

/** SUFEL's own SMTP listener, the MX of `domain`. */
export interface InboundSmtpConfig {
  port: number;
  host: string;
  domain: string;
  /** PEM files; given, the listener offers STARTTLS. */
  tls: { certFile: string; keyFile: string } | undefined;
}

/** The operator's mailbox, read over IMAP and routed by plus tag. */
export interface InboundImapConfig {
  /** `imap(s)://user:password@host:port/MAILBOX`; the mailbox defaults to INBOX. */
  url: string;
  /** The address mail is sent to, e.g. `facturas@operator.pe`; receivers get `facturas+<tag>@operator.pe`. */
  address: string;
  /** Where read messages go. */
  folder: string;
  /** Where messages for no known receiver (or too large) go. */
  rejectedFolder: string;
  pollMs: number;
}

export interface MailSettings {
  smtpUrl: string;
  /** Sender of every mail. */
  from: string;
  /** PUBLIC_URL, which mail requires: the start of every link in a mail. */
  portalUrl: string;
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
  if (e.SMTP_URL !== undefined && e.PUBLIC_URL === undefined) {
    throw new ConfigError([
      "PUBLIC_URL: is required with SMTP_URL: the links in mails (password reset, address confirmation, notices) must point at the portal's own address, never at the host a request names",
    ]);
  }
  const files = e.FILES ?? (e.DATABASE_URL === undefined ? 'local' : 'postgres');
  // Also read without FILES=s3, so that files can be migrated into the bucket.
  const s3 = files === 's3' || e.S3_BUCKET !== undefined ? s3Settings(e) : undefined;
  const web = WebConfigSchema.parse({
    ruc: e.SUFEL_RUC,
    product: e.SUFEL_PRODUCT,
    company: e.SUFEL_COMPANY,
    companyUrl: e.SUFEL_COMPANY_URL,
    contact: e.SUFEL_CONTACT,
    legalNote: e.SUFEL_LEGAL_NOTE,
    logo: e.SUFEL_LOGO,
    endpoint: e.SUFEL_ENDPOINT,
    mail: e.SMTP_URL !== undefined,
  });
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    adminToken: e.ADMIN_TOKEN,
    publicUrl: e.PUBLIC_URL,
    mail:
      e.SMTP_URL === undefined || e.PUBLIC_URL === undefined
        ? undefined
        : Object.freeze({
            smtpUrl: e.SMTP_URL,
            from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
            portalUrl: e.PUBLIC_URL,
          }),
    demo: e.SUFEL_DEMO,
    verifySignatures: e.VERIFY_SIGNATURES,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    files,
    s3: s3 === undefined ? undefined : Object.freeze(s3),
    metrics: Object.freeze({
      enabled: e.METRICS || e.METRICS_TOKEN !== undefined,
      token: e.METRICS_TOKEN,
    }),
    webDir: e.WEB_DIR,
    exportsPerHour: e.EXPORTS_PER_HOUR,
    retentionYears: e.RETENTION_YEARS,
    web: Object.freeze(web),
    render: Object.freeze({
      workers: e.RENDER_WORKERS,
      timeoutMs: e.RENDER_TIMEOUT_MS,
      memoryMb: e.RENDER_MEMORY_MB,
    }),
    sunat: Object.freeze({
      authUrl: e.SUNAT_AUTH_URL ?? SUNAT_AUTH_URL,
      apiUrl: e.SUNAT_API_URL ?? SUNAT_API_URL,
      ratePerSecond: e.SUNAT_RATE_PER_SECOND,
      timeoutMs: e.SUNAT_TIMEOUT_MS,
    }),
    sire: Object.freeze({
      authUrl: e.SIRE_AUTH_URL ?? SIRE_AUTH_URL,
      apiUrl: e.SIRE_API_URL ?? SIRE_API_URL,
    }),
    jobs: Object.freeze({ concurrency: e.JOB_CONCURRENCY, leaseMs: e.JOB_LEASE_SECONDS * 1000 }),
    inbound: Object.freeze(inboundSettings(e)),
  });
}

/** The user of an IMAP URL when it is an address (many providers log in with one). */
function imapUserAddress(url: string): string | undefined {
  try {
    const user = decodeURIComponent(new URL(url).username);
    return z.email().safeParse(user).success ? user : undefined;
  } catch {
    return undefined;
  }
}

/** The inbound mail settings, each way whole or off. */
function inboundSettings(e: z.infer<typeof EnvSchema>): AppConfig['inbound'] {
  const problems: string[] = [];
  if ((e.INBOUND_TLS_CERT === undefined) !== (e.INBOUND_TLS_KEY === undefined)) {
    problems.push('INBOUND_TLS_CERT, INBOUND_TLS_KEY: give both (PEM files), or neither');
  }
  if (e.INBOUND_SMTP_PORT !== undefined && e.INBOUND_DOMAIN === undefined) {
    problems.push(
      'INBOUND_DOMAIN: is required with INBOUND_SMTP_PORT (the domain of the addresses)',
    );
  }
  const imapAddress =
    e.INBOUND_IMAP_URL === undefined
      ? undefined
      : (e.INBOUND_IMAP_ADDRESS ?? imapUserAddress(e.INBOUND_IMAP_URL));
  if (e.INBOUND_IMAP_URL !== undefined && imapAddress === undefined) {
    problems.push(
      'INBOUND_IMAP_ADDRESS: is required when the user of INBOUND_IMAP_URL is not the mailbox address',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    smtp:
      e.INBOUND_SMTP_PORT === undefined
        ? undefined
        : Object.freeze({
            port: e.INBOUND_SMTP_PORT,
            host: e.HOST,
            domain: e.INBOUND_DOMAIN!,
            tls:
              e.INBOUND_TLS_CERT === undefined
                ? undefined
                : { certFile: e.INBOUND_TLS_CERT, keyFile: e.INBOUND_TLS_KEY! },
          }),
    imap:
      e.INBOUND_IMAP_URL === undefined
        ? undefined
        : Object.freeze({
            url: e.INBOUND_IMAP_URL,
            address: imapAddress!.toLowerCase(),
            folder: e.INBOUND_IMAP_FOLDER,
            rejectedFolder: e.INBOUND_IMAP_REJECTED_FOLDER,
            pollMs: e.INBOUND_IMAP_POLL_SECONDS * 1000,
          }),
  };
}

/** The settings that name the portal's operator to receivers, and the web configuration they fill. */
const IDENTITY_SETTINGS = [
  ['SUFEL_COMPANY', 'company'],
  ['SUFEL_COMPANY_URL', 'companyUrl'],
  ['SUFEL_CONTACT', 'contact'],
  ['SUFEL_LEGAL_NOTE', 'legalNote'],
] as const;

/**
 * The operator identity settings still at their defaults or pointing at
 * example domains: fine for a trial, wrong in front of real receivers.
 */
export function identityPlaceholders(config: Pick<AppConfig, 'web'>): string[] {
  const defaults = WebConfigSchema.parse({});
  return IDENTITY_SETTINGS.filter(
    ([, key]) =>
      config.web[key] === defaults[key] || /\bexample\.(?:com|org|net)\b/i.test(config.web[key]),
  ).map(([name]) => name);
}

/** The warning to log at start when a production deployment left its identity at placeholders. */
export function identityWarning(
  config: Pick<AppConfig, 'web'>,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (env.NODE_ENV !== 'production') return null;
  const left = identityPlaceholders(config);
  return left.length === 0
    ? null
    : `${left.join(', ')} left at placeholder defaults: receivers see them in the navigation bar and footer`;
}

/** The object store's settings, which FILES=s3 needs whole. */
function s3Settings(e: z.infer<typeof EnvSchema>): S3Settings {
  const problems: string[] = [];
  if (e.S3_BUCKET === undefined) problems.push('S3_BUCKET: is required when FILES=s3');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both, or neither to use the environment's credentials",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
