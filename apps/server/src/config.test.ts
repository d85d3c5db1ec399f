import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
});
