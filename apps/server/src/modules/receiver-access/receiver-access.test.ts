import { API_MESSAGES, type ClientIssuerAdded, type ReceiverAccess } from '@sufel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import { storeDocuments } from '../../../test/helpers/receiver-documents.js';
import { warmPasswordRating } from '../../../test/helpers/receivers.js';
import * as receiverAccessMigration from '../../db/migrations/2026_11_25_1530_receiver_access.js';

/*
 * RECEIVER gets documents from two issuers. The issuer of one of them, knowing
 * that document's data, registers RECEIVER's account: it must see its own
 * document and nothing of the other issuer's.
 */
const RECEIVER = SAMPLES.retentionInvoice.cliente;
const CLAIMANT = SAMPLES.retentionInvoice.emisor;
const OTHER = SAMPLES.perceptionInvoice.emisor;
const PASSWORD = 'Pr0veedor-que-reclama';
const LATEST = '2025-04-01';
const RANGE = 'start=2000-01-01&end=2030-12-31';

interface Listed {
  id: number;
  emisor: string;
}

describe('which issuers a receiver account sees', () => {
  let t: TestApp;
  let otherIds: number[];
  let claimantIds: number[];

  beforeAll(async () => {
    t = await buildTestApp({ env: { SUFEL_CONTACT: 'mailto:soporte@operador.pe' } });
    await warmPasswordRating(t);
    const other = await issuerToken(t, OTHER);
    expect((await publishSample(t, other, SAMPLES.perceptionInvoice)).statusCode).toBe(200);
    // The most recent of the receiver's documents, so the latest date tells who sees it.
    await storeDocuments(t.database.db, RECEIVER, [
      { emisor: OTHER, tipo: '01', serie: 'F002', numero: 9, fecha: LATEST, total: '10.00' },
    ]);
    const claimant = await issuerToken(t, CLAIMANT);
    expect((await publishSample(t, claimant, SAMPLES.retentionInvoice)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('documents')
      .select(['id', 'emisor'])
      .where('cliente_doc', '=', RECEIVER)
      .orderBy('id')
      .execute();
    otherIds = rows.filter((row) => row.emisor === OTHER).map((row) => row.id);
    claimantIds = rows.filter((row) => row.emisor === CLAIMANT).map((row) => row.id);
    expect(otherIds).toHaveLength(2);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      payload: {
        documento: RECEIVER,
        nombres: 'CLIENTE RECLAMADO S.A.C.',
        password: PASSWORD,
        repeat_password: PASSWORD,
        comprobante: proofOf(SAMPLES.retentionInvoice),
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  async function tokenOf(password: string): Promise<string> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: RECEIVER, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    return login.json<{ token: string }>().token;
  }

  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  async function whatIsSeen(token: string) {
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/client/documents',
      headers: { authorization: `Bearer ${token}` },
      payload: { start: '2000-01-01', end: '2030-12-31' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const page = await get(token, `/api/client/documents?limit=50&${RANGE}`);
    const issuers = await get(token, '/api/client/companies');
    const latest = await get(token, '/api/client/documents/latest');
    const count = await get(token, `/api/client/documents/export/count?${RANGE}`);
    const csv = await get(token, `/api/client/documents/export?format=csv&${RANGE}`);
    return {
      listed: list.json<Listed[]>().map((row) => row.emisor),
      paged: page.json<{ items: Listed[]; total: number }>(),
      issuers: issuers.json<{ ruc: string }[]>().map((row) => row.ruc),
      latest: latest.json<{ fecha: string | null }>().fecha,
      count: count.json<{ count: number }>().count,
      csv: csv.body,
    };
  }

  it('shows an account opened with a document proof only that issuer', async () => {
    const token = await tokenOf(PASSWORD);
    const seen = await whatIsSeen(token);
    expect(seen.listed).toEqual([CLAIMANT]);
    expect(seen.paged.items.map((row) => row.emisor)).toEqual([CLAIMANT]);
    expect(seen.paged.total).toBe(1);
    expect(seen.issuers).toEqual([CLAIMANT]);
    expect(seen.latest).toBe(SAMPLES.retentionInvoice.fecha);
    expect(seen.count).toBe(1);
    expect(seen.csv).toContain(SAMPLES.retentionInvoice.documento.split('-')[0]);
    expect(seen.csv).not.toContain(OTHER);
    for (const id of otherIds) {
      for (const type of ['info', 'detail', 'xml', 'pdf']) {
        const response = await get(token, `/api/client/documents/${id}/resource/${type}`);
        expect(response.statusCode, `${id} ${type}`).toBe(404);
      }
      const validity = await t.app.inject({
        method: 'POST',
        url: `/api/client/documents/${id}/validity`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(validity.statusCode).toBe(404);
    }
    const own = await get(token, `/api/client/documents/${claimantIds[0]}/resource/info`);
    expect(own.statusCode).toBe(200);
  });

  it('tells whoever registers a RUC already claimed how to reach the operator', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      payload: {
        documento: RECEIVER,
        nombres: 'CLIENTE RECLAMADO S.A.C.',
        password: 'Otra-clave-del-duenio',
        repeat_password: 'Otra-clave-del-duenio',
        comprobante: proofOf(SAMPLES.perceptionInvoice),
      },
      remoteAddress: '10.20.0.1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: `${API_MESSAGES.clientExistsUnverified} Contacto del operador: soporte@operador.pe.`,
    });
  });

  it('adds an issuer whose document the account proves, and no other', async () => {
    const token = await tokenOf(PASSWORD);
    const add = (comprobante: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/issuers',
        headers: { authorization: `Bearer ${token}` },
        payload: { comprobante },
        remoteAddress: '10.20.0.2',
      });
    const wrong = await add({ ...proofOf(SAMPLES.perceptionInvoice), total: '3303.00' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: API_MESSAGES.proofRejected });
    // A document of another RUC proves nothing for this one.
    const foreign = await add(proofOf(SAMPLES.factura3));
    expect(foreign.statusCode).toBe(400);
    expect((await whatIsSeen(token)).issuers).toEqual([CLAIMANT]);

    const added = await add(proofOf(SAMPLES.perceptionInvoice));
    expect(added.statusCode, added.body).toBe(200);
    const answer = added.json<ClientIssuerAdded>();
    expect(answer.message).toBe(API_MESSAGES.issuerAdded);
    expect(answer.acceso).toMatchObject({
      verificado: false,
      verificadoPor: null,
      contacto: 'mailto:soporte@operador.pe',
    });
    expect(answer.acceso.emisores.map((issuer) => issuer.ruc).sort()).toEqual(
      [CLAIMANT, OTHER].sort(),
    );
    expect((await add(proofOf(SAMPLES.perceptionInvoice))).json()).toMatchObject({
      message: API_MESSAGES.issuerAlreadyOpen,
    });
    const seen = await whatIsSeen(token);
    expect(seen.issuers.sort()).toEqual([CLAIMANT, OTHER].sort());
    expect(seen.paged.total).toBe(3);
    expect(seen.latest).toBe(LATEST);
    const view = await get(token, '/api/client/issuers');
    expect(view.json<ReceiverAccess>().emisores).toHaveLength(2);
    // Back to what the claimant alone proved, for the verification below.
    await t.database.db
      .deleteFrom('receiver_grants')
      .where('cliente_doc', '=', RECEIVER)
      .where('emisor', '=', OTHER)
      .execute();
  });

  it('shows a verified account every issuer, after a new password that ends earlier sessions', async () => {
    const before = await tokenOf(PASSWORD);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/clients/${RECEIVER}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload,
      });
    expect((await patch({ verificado: false })).statusCode).toBe(400);
    const verified = await patch({ verificado: true });
    expect(verified.statusCode, verified.body).toBe(200);
    const verification = verified.json<{ message: string; password?: string }>();
    expect(verification.message).toBe(API_MESSAGES.clientVerifiedNewPassword);
    expect(verification.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await get(before, '/api/client/companies')).statusCode).toBe(401);
    const loginWithOld = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: RECEIVER, password: PASSWORD },
    });
    expect(loginWithOld.statusCode).toBe(400);

    const token = await tokenOf(verification.password!);
    const seen = await whatIsSeen(token);
    expect(seen.listed.sort()).toEqual([CLAIMANT, OTHER, OTHER].sort());
    expect(seen.paged.total).toBe(3);
    expect(seen.issuers.sort()).toEqual([CLAIMANT, OTHER].sort());
    expect(seen.latest).toBe(LATEST);
    expect(seen.count).toBe(3);
    const info = await get(token, `/api/client/documents/${otherIds[0]}/resource/info`);
    expect(info.statusCode).toBe(200);

    const again = await t.services.receiverAccess.verifyReceiver(RECEIVER, 'sire');
    expect(again).toEqual({ changed: false, password: null });
    expect((await patch({ verificado: true })).json()).toMatchObject({
      message: API_MESSAGES.clientAlreadyVerified,
    });
    const view = await get(token, '/api/client/issuers');
    expect(view.json<ReceiverAccess>()).toMatchObject({
      nombre: 'CLIENTE RECLAMADO S.A.C.',
      verificado: true,
      verificadoPor: 'operator',
    });
    const registerAgain = await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      payload: {
        documento: RECEIVER,
        nombres: 'CLIENTE RECLAMADO S.A.C.',
        password: 'Otra-clave-del-duenio',
        repeat_password: 'Otra-clave-del-duenio',
        comprobante: proofOf(SAMPLES.perceptionInvoice),
      },
      remoteAddress: '10.20.0.3',
    });
    expect(registerAgain.json()).toMatchObject({ message: API_MESSAGES.clientExists });
    const access = await t.services.receiverAccess.accessOf(RECEIVER);
    expect(access.verified?.by).toBe('operator');
    expect(access.issuers.map((issuer) => [issuer.ruc, issuer.proof])).toEqual([
      [CLAIMANT, 'document'],
    ]);
  });
});

describe('accounts made before access was per issuer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keep every issuer they could see', async () => {
    const db = t.database.db;
    await receiverAccessMigration.down(db);
    await db
      .insertInto('companies')
      .values(
        [OTHER, CLAIMANT].map((ruc) => ({ ruc, nombre: `EMISOR ${ruc}`, password_hash: 'x' })),
      )
      .execute();
    await sql`insert into clients (documento, nombres, password_hash, password_changed_at)
      values (${RECEIVER}, 'CLIENTE', 'x', now())`.execute(db);
    await db
      .insertInto('client_issuers')
      .values([
        { cliente_doc: RECEIVER, emisor: OTHER },
        { cliente_doc: RECEIVER, emisor: CLAIMANT },
        // A RUC without an account gets nothing: whoever registers it proves an issuer then.
        { cliente_doc: '20100070970', emisor: OTHER },
      ])
      .execute();
    await receiverAccessMigration.up(db);
    const grants = await db
      .selectFrom('receiver_grants')
      .select(['cliente_doc', 'emisor', 'proof'])
      .orderBy('emisor')
      .execute();
    expect(grants).toEqual(
      [CLAIMANT, OTHER].sort().map((emisor) => ({
        cliente_doc: RECEIVER,
        emisor,
        proof: 'before_rule',
      })),
    );
    const receiver = await db
      .selectFrom('clients')
      .select(['verified_by', 'verified_at'])
      .executeTakeFirstOrThrow();
    expect(receiver).toEqual({ verified_by: null, verified_at: null });
  });
});
