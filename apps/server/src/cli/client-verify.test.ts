import { API_MESSAGES } from '@sufel/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { captureCli } from '../../test/helpers/cli.js';
import { SAMPLES } from '../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../test/helpers/issuers.js';
import { warmPasswordRating } from '../../test/helpers/receivers.js';
import { loadConfig } from '../config.js';
import { createServices } from '../services.js';
import { openStorage } from '../storage.js';

/*
 * RECEIVER gets documents from two issuers; the issuer of one, knowing its data,
 * opened RECEIVER's account by document proof. The operator, having checked
 * that it speaks with the RUC's holder, verifies the RUC with the CLI.
 */
const RECEIVER = SAMPLES.retentionInvoice.cliente;
const CLAIMANT = SAMPLES.retentionInvoice.emisor;
const OTHER = SAMPLES.perceptionInvoice.emisor;
const CLAIMANT_PASSWORD = 'Pr0veedor-que-reclama';
/** A valid RUC without an account. */
const UNKNOWN = SAMPLES.debitNoteInvalidRucCustomer.emisor;

describe('client verify against a running server', () => {
  let t: TestApp;
  let url: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await warmPasswordRating(t);
    expect(
      (await publishSample(t, await issuerToken(t, OTHER), SAMPLES.perceptionInvoice)).statusCode,
    ).toBe(200);
    expect(
      (await publishSample(t, await issuerToken(t, CLAIMANT), SAMPLES.retentionInvoice)).statusCode,
    ).toBe(200);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      payload: {
        documento: RECEIVER,
        nombres: 'CLIENTE RECLAMADO S.A.C.',
        password: CLAIMANT_PASSWORD,
        repeat_password: CLAIMANT_PASSWORD,
        comprobante: proofOf(SAMPLES.retentionInvoice),
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
  }, 120_000);
  afterEach(() => {
    process.env = { ...saved };
  });
  afterAll(() => t.close());

  async function login(password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: RECEIVER, password },
    });
  }

  async function issuersSeen(token: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/client/companies',
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.statusCode,
      issuers:
        response.statusCode === 200 ? response.json<{ ruc: string }[]>().map((c) => c.ruc) : [],
    };
  }

  it('prints a new password once, opens every issuer and ends the sessions opened before', async () => {
    const before = (await login(CLAIMANT_PASSWORD)).json<{ token: string }>().token;
    expect(await issuersSeen(before)).toEqual({ status: 200, issuers: [CLAIMANT] });

    process.env.ADMIN_TOKEN = ADMIN_TOKEN;
    const verified = await captureCli(['client', 'verify', '--server', url, '--ruc', RECEIVER]);
    expect(verified.code, verified.err).toBe(0);
    expect(verified.err).toBe('');
    expect(verified.out).toContain(API_MESSAGES.clientVerifiedNewPassword);
    const printed = [...verified.out.matchAll(/Contraseña: (\S+)/g)].map((match) => match[1]);
    expect(printed).toHaveLength(1);
    const password = printed[0]!;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

    // Whoever opened the account by document proof is out: its session and its password.
    expect((await issuersSeen(before)).status).toBe(401);
    expect((await login(CLAIMANT_PASSWORD)).statusCode).toBe(400);
    const after = await login(password);
    expect(after.statusCode, after.body).toBe(200);
    const seen = await issuersSeen(after.json<{ token: string }>().token);
    expect(seen.issuers.sort()).toEqual([CLAIMANT, OTHER].sort());

    const again = await captureCli(['client', 'verify', '--server', url, '--ruc', RECEIVER]);
    expect(again.code).toBe(0);
    expect(again.out).toBe(API_MESSAGES.clientAlreadyVerified);
    // The password printed once is still the account's.
    expect((await login(password)).statusCode).toBe(200);
  });

  it('fails on an unknown RUC with the reason and exit code 2', async () => {
    process.env.ADMIN_TOKEN = ADMIN_TOKEN;
    const unknown = await captureCli(['client', 'verify', '--server', url, '--ruc', UNKNOWN]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe(API_MESSAGES.clientNotFound);
    expect(unknown.out).toBe('');
  });

  it('takes the operator token from ADMIN_TOKEN, and from --admin-token with a warning', async () => {
    delete process.env.ADMIN_TOKEN;
    const missing = await captureCli(['client', 'verify', '--server', url, '--ruc', RECEIVER]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('defina la variable ADMIN_TOKEN');

    process.env.ADMIN_TOKEN = 'not-the-operator-token-0123';
    const wrong = await captureCli(['client', 'verify', '--server', url, '--ruc', RECEIVER]);
    expect(wrong.code).toBe(2);
    expect(wrong.out).toBe('');

    delete process.env.ADMIN_TOKEN;
    const flag = await captureCli([
      'client',
      'verify',
      '--server',
      url,
      '--admin-token',
      ADMIN_TOKEN,
      '--ruc',
      RECEIVER,
    ]);
    expect(flag.code).toBe(0);
    expect(flag.out).toBe(API_MESSAGES.clientAlreadyVerified);
    expect(flag.err).toContain('use la variable ADMIN_TOKEN');
  });
});

// Each step opens the embedded database afresh, migrations included, as the CLI does.
const EMBEDDED_TIMEOUT_MS = 120_000;

describe('client verify on the local embedded database', () => {
  let dataDir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-cli-verify-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    delete process.env.ADMIN_TOKEN;
  });
  afterAll(async () => {
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Opens the embedded database the CLI uses, for one step of the test. */
  async function withServices<T>(
    step: (services: ReturnType<typeof createServices>) => Promise<T>,
  ): Promise<T> {
    const config = loadConfig();
    const storage = await openStorage(config);
    try {
      return await step(
        createServices({
          config,
          db: storage.database.db,
          fileStore: storage.files,
          jwtSecret: storage.jwtSecret,
        }),
      );
    } finally {
      await storage.close();
    }
  }

  it(
    'verifies an account opened by document proof and prints its new password',
    async () => {
      await withServices(async (services) => {
        await services.receiver.register(RECEIVER, 'CLIENTE', CLAIMANT_PASSWORD, CLAIMANT);
      });

      const verified = await captureCli(['client', 'verify', '--ruc', RECEIVER]);
      expect(verified.code, verified.err).toBe(0);
      expect(verified.out).toContain(API_MESSAGES.clientVerifiedNewPassword);
      const password = /Contraseña: (\S+)/.exec(verified.out)?.[1];
      expect(password).toBeDefined();

      await withServices(async (services) => {
        const access = await services.receiverAccess.accessOf(RECEIVER);
        expect(access.verified?.by).toBe('operator');
        expect(await services.receiver.checkCredentials(RECEIVER, CLAIMANT_PASSWORD)).toBeNull();
        expect(await services.receiver.checkCredentials(RECEIVER, password!)).not.toBeNull();
      });

      const again = await captureCli(['client', 'verify', '--ruc', RECEIVER]);
      expect(again.out).toBe(API_MESSAGES.clientAlreadyVerified);
      const unknown = await captureCli(['client', 'verify', '--ruc', UNKNOWN]);
      expect(unknown.code).toBe(2);
      expect(unknown.err).toBe(API_MESSAGES.clientNotFound);
    },
    EMBEDDED_TIMEOUT_MS,
  );
});
