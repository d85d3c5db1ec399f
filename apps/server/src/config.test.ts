import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, identityPlaceholders, identityWarning, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      adminToken: undefined,
      publicUrl: undefined,
      demo: true,
      trustProxy: false,
    });
    expect(config.web).toMatchObject({ product: 'SUFEL', ruc: '', endpoint: '', production: true });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/sufel',
      DATABASE_URL: 'postgres://u@db/sufel',
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_TOKEN: 'a'.repeat(20),
      PUBLIC_URL: 'https://comprobantes.example.pe/',
      SUFEL_DEMO: '0',
      SUFEL_RUC: '20606433094',
      SUFEL_PRODUCT: 'Comprobantes',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/sufel',
      databaseUrl: 'postgres://u@db/sufel',
      publicUrl: 'https://comprobantes.example.pe',
      demo: false,
    });
    expect(config.web).toMatchObject({ ruc: '20606433094', product: 'Comprobantes' });
  });

  it('reads SECRETS_KEY, and refuses one too short to be a key', () => {
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(loadConfig({ SECRETS_KEY: 's'.repeat(32) }).secretsKey).toBe('s'.repeat(32));
    expect(() => loadConfig({ SECRETS_KEY: 'corta' })).toThrow(
      /SECRETS_KEY: must be at least 32 characters long/,
    );
  });

  it("points at SUNAT's consulta integrada unless told otherwise, five queries a second", () => {
    expect(loadConfig({}).sunat).toEqual({
      authUrl: 'https://api-seguridad.sunat.gob.pe',
      apiUrl: 'https://api.sunat.gob.pe',
      ratePerSecond: 5,
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({
        SUNAT_AUTH_URL: 'http://127.0.0.1:9000',
        SUNAT_API_URL: 'http://127.0.0.1:9001/',
        SUNAT_RATE_PER_SECOND: '0.5',
        SUNAT_TIMEOUT_MS: '3000',
      }).sunat,
    ).toEqual({
      authUrl: 'http://127.0.0.1:9000',
      apiUrl: 'http://127.0.0.1:9001/',
      ratePerSecond: 0.5,
      timeoutMs: 3000,
    });
    expect(() => loadConfig({ SUNAT_API_URL: 'ftp://sunat', SUNAT_RATE_PER_SECOND: '0' })).toThrow(
      /SUNAT_API_URL: must be an http\(s\) URL[\s\S]*SUNAT_RATE_PER_SECOND: must be more than 0/,
    );
  });

  it('reads how many background jobs run at once and their lease', () => {
    expect(loadConfig({}).jobs).toEqual({ concurrency: 8, leaseMs: 30_000 });
    expect(loadConfig({ JOB_CONCURRENCY: '2', JOB_LEASE_SECONDS: '5' }).jobs).toEqual({
      concurrency: 2,
      leaseMs: 5_000,
    });
    expect(() => loadConfig({ JOB_CONCURRENCY: '0', JOB_LEASE_SECONDS: '1' })).toThrow(
      /JOB_CONCURRENCY: must be between 1 and 256[\s\S]*JOB_LEASE_SECONDS: must be between 2 and 3600/,
    );
  });

  it('sizes the worker pool from the cores and budgets each render', () => {
    expect(loadConfig({}).render).toEqual({
      workers: availableParallelism(),
      timeoutMs: 10_000,
      memoryMb: 512,
    });
    expect(
      loadConfig({ RENDER_WORKERS: '3', RENDER_TIMEOUT_MS: '2500', RENDER_MEMORY_MB: '256' })
        .render,
    ).toEqual({ workers: 3, timeoutMs: 2500, memoryMb: 256 });
    expect(() => loadConfig({ RENDER_WORKERS: '0', RENDER_TIMEOUT_MS: 'soon' })).toThrow(
      /RENDER_WORKERS: must be between 1 and 64[\s\S]*RENDER_TIMEOUT_MS: must be a number/,
    );
  });

  it('turns mail on with SMTP_URL and checks it and MAIL_FROM', () => {
    expect(loadConfig({})).toMatchObject({ mail: undefined, web: { mail: false } });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://u:p@smtp.example.pe:465',
        MAIL_FROM: 'SUFEL <a@b.pe>',
        PUBLIC_URL: 'https://comprobantes.example.pe/',
      }),
    ).toMatchObject({
      mail: {
        smtpUrl: 'smtps://u:p@smtp.example.pe:465',
        from: 'SUFEL <a@b.pe>',
        portalUrl: 'https://comprobantes.example.pe',
      },
      web: { mail: true },
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://smtp.example.pe', PUBLIC_URL: 'https://c.example.pe' }).mail,
    ).toMatchObject({ from: 'SUFEL <no-reply@localhost>' });
    expect(() => loadConfig({ SMTP_URL: 'http://smtp', MAIL_FROM: 'nadie' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL[\s\S]*MAIL_FROM: must be an address/,
    );
  });

  it('refuses mail without PUBLIC_URL, saying why', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.pe' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.pe' })).toThrow(
      /PUBLIC_URL: is required with SMTP_URL: the links in mails .* never at the host a request names/,
    );
  });

  it('keeps inbound mail off unless a way in is configured, and checks each whole', () => {
    expect(loadConfig({}).inbound).toEqual({ smtp: undefined, imap: undefined });
    const config = loadConfig({
      HOST: '127.0.0.1',
      INBOUND_SMTP_PORT: '2525',
      INBOUND_DOMAIN: 'Facturas.Example.PE',
      INBOUND_TLS_CERT: '/etc/sufel/cert.pem',
      INBOUND_TLS_KEY: '/etc/sufel/key.pem',
      INBOUND_IMAP_URL: 'imaps://facturas%40operador.pe:secreto@imap.operador.pe/INBOX',
      INBOUND_IMAP_POLL_SECONDS: '30',
    });
    expect(config.inbound).toEqual({
      smtp: {
        port: 2525,
        host: '127.0.0.1',
        domain: 'facturas.example.pe',
        tls: { certFile: '/etc/sufel/cert.pem', keyFile: '/etc/sufel/key.pem' },
      },
      imap: {
        url: 'imaps://facturas%40operador.pe:secreto@imap.operador.pe/INBOX',
        address: 'facturas@operador.pe',
        folder: 'SUFEL-procesados',
        rejectedFolder: 'SUFEL-rechazados',
        pollMs: 30_000,
      },
    });
    expect(
      loadConfig({
        INBOUND_IMAP_URL: 'imap://lector:secreto@127.0.0.1:143',
        INBOUND_IMAP_ADDRESS: 'facturas@operador.pe',
      }).inbound.imap?.address,
    ).toBe('facturas@operador.pe');

    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      }
    };
    expect(problems({ INBOUND_SMTP_PORT: '2525' })).toEqual(['INBOUND_DOMAIN']);
    expect(problems({ INBOUND_SMTP_PORT: 'x', INBOUND_DOMAIN: 'not a domain' })).toEqual([
      'INBOUND_DOMAIN',
      'INBOUND_SMTP_PORT',
    ]);
    expect(problems({ INBOUND_TLS_CERT: '/c.pem' })).toEqual(['INBOUND_TLS_CERT, INBOUND_TLS_KEY']);
    expect(problems({ INBOUND_IMAP_URL: 'imap://lector:x@host' })).toEqual([
      'INBOUND_IMAP_ADDRESS',
    ]);
    expect(problems({ INBOUND_IMAP_URL: 'http://host' })).toEqual(['INBOUND_IMAP_URL']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_TOKEN: ' ' })).toMatchObject({
      databaseUrl: undefined,
      adminToken: undefined,
    });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        ADMIN_TOKEN: 'tiny',
        PUBLIC_URL: 'ftp://x',
        SUFEL_DEMO: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
    expect(problems.sort()).toEqual(
      ['ADMIN_TOKEN', 'DATABASE_URL', 'JWT_SECRET', 'PORT', 'PUBLIC_URL', 'SUFEL_DEMO'].sort(),
    );
    expect((error as ConfigError).message).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('keeps files locally on the embedded database and in PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({}).files).toBe('local');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/sufel' }).files).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/sufel', FILES: 'local' }).files).toBe(
      'local',
    );
  });

  it('reads the object store settings for FILES=s3', () => {
    const config = loadConfig({
      FILES: 's3',
      S3_BUCKET: 'comprobantes',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(config.s3).toEqual({
      bucket: 'comprobantes',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('refuses an unknown driver and an incomplete object store', () => {
    expect(() => loadConfig({ FILES: 'ftp' })).toThrow(/FILES: use local, postgres, s3/);
    expect(() => loadConfig({ FILES: 's3', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    try {
      loadConfig({ FILES: 's3', S3_ACCESS_KEY_ID: 'key' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'S3_BUCKET: is required when FILES=s3',
        "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both, or neither to use the environment's credentials",
      ]);
    }
  });

  it('turns metrics on with METRICS=1 or a token', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ METRICS: '1' }).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(20) }).metrics).toEqual({
      enabled: true,
      token: 't'.repeat(20),
    });
  });

  it("reads the operator's identity and warns in production while it is left at placeholders", () => {
    const trial = loadConfig({});
    expect(trial.web).toMatchObject({
      company: 'Mi Empresa S.A.C.',
      contact: 'soporte@example.com',
    });
    expect(identityPlaceholders(trial)).toEqual([
      'SUFEL_COMPANY',
      'SUFEL_COMPANY_URL',
      'SUFEL_CONTACT',
      'SUFEL_LEGAL_NOTE',
    ]);
    expect(identityWarning(trial, {})).toBeNull();
    expect(identityWarning(trial, { NODE_ENV: 'production' })).toMatch(
      /^SUFEL_COMPANY, SUFEL_COMPANY_URL, SUFEL_CONTACT, SUFEL_LEGAL_NOTE left at placeholder defaults/,
    );

    const half = loadConfig({
      SUFEL_COMPANY: 'Gaspersoft EIRL',
      SUFEL_COMPANY_URL: 'https://www.example.com/',
      SUFEL_CONTACT: '+51 1 555 0100',
    });
    expect(identityPlaceholders(half)).toEqual(['SUFEL_COMPANY_URL', 'SUFEL_LEGAL_NOTE']);

    const real = loadConfig({
      SUFEL_COMPANY: 'Gaspersoft EIRL',
      SUFEL_COMPANY_URL: 'https://gaspersoft.pe',
      SUFEL_CONTACT: ' soporte@gaspersoft.pe ',
      SUFEL_LEGAL_NOTE: 'Gaspersoft EIRL, RUC 20606433094, Lima.',
    });
    expect(real.web).toMatchObject({
      contact: 'soporte@gaspersoft.pe',
      legalNote: 'Gaspersoft EIRL, RUC 20606433094, Lima.',
    });
    expect(identityWarning(real, { NODE_ENV: 'production' })).toBeNull();
  });
});
