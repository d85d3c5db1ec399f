import {
  SUNAT_VALIDITY_MESSAGES,
  type DocumentValidityAnswer,
  type SunatCredentialsStatus,
  type ValidityCheck,
  type ValidityCheckStarted,
} from '@sufel/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { storeDocuments, type StoredDocument } from '../../../test/helpers/receiver-documents.js';
import {
  RECEIVER,
  receiverToken,
  registerReceiver,
  storedReceiverToken,
} from '../../../test/helpers/receivers.js';
import {
  startSunatStandIn,
  type StandInDocument,
  type SunatStandIn,
} from '../../../test/helpers/sunat-stand-in.js';
import { SecretBox } from '../../secrets/secret-box.js';
import { ReceiverAccessRepository } from '../receiver-access/receiver-access.repository.js';

const CLIENT_ID = '0f3c2a1e-8b7d-4c21-9a55-7e61d4b0c9aa';
const SECRET = 'Zx81-secreto-de-api-sunat';
const ISSUER = '20100000001';
const RATE = 20;

let sunat: SunatStandIn;
let t: TestApp;
let token: string;
let offsetMs = 0;
const logLines: string[] = [];
let nextNumber = 1;

beforeAll(async () => {
  sunat = await startSunatStandIn({ [CLIENT_ID]: SECRET });
  t = await buildTestApp({
    env: {
      SUNAT_AUTH_URL: sunat.authUrl,
      SUNAT_API_URL: sunat.apiUrl,
      SUNAT_RATE_PER_SECOND: String(RATE),
      SUNAT_TIMEOUT_MS: '1000',
    },
    logLines,
    sunatCheckWaitMs: 3_000,
  });
  // The queue's clock runs with real time; tests move it ahead to skip a backoff.
  Object.defineProperty(t.clock, 'now', { get: () => new Date(Date.now() + offsetMs) });
  await registerReceiver(t);
  // Verified, the account sees the documents of every issuer these tests store.
  await new ReceiverAccessRepository(t.database.db).verify(RECEIVER, 'operator', new Date(0));
  token = await receiverToken(t);
});
beforeEach(() => {
  sunat.outage = null;
  sunat.delayMs = 0;
  sunat.queryFaults.length = 0;
  sunat.tokenFaults.length = 0;
  sunat.clients.set(CLIENT_ID, SECRET);
});
afterAll(async () => {
  await t.close();
  await sunat.close();
});

async function call<T>(
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  bearer = token,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
  return { status: response.statusCode, body: response.json<T>(), text: response.body };
}

const saveCredentials = (clientSecret = SECRET, clientId = CLIENT_ID) =>
  call<SunatCredentialsStatus>('PUT', '/api/client/sunat-credentials', { clientId, clientSecret });

/** Moves the app's clock past a backoff and wakes the worker. */
function skipAhead(ms: number): void {
  offsetMs += ms;
  t.services.jobWorker.wake();
}

/** What SUNAT knows of a document (and how it answers), and its type. */
type KnownState = Omit<
  StandInDocument,
  'issuerRuc' | 'type' | 'series' | 'number' | 'issueDate'
> & {
  tipo?: string;
};

/** Documents of RECEIVER from ISSUER, known to the stand-in with these states. */
async function documentsKnownToSunat(
  states: KnownState[],
  fecha = '2025-03-10',
): Promise<StoredDocument[]> {
  const stored = await storeDocuments(
    t.database.db,
    RECEIVER,
    states.map((state) => ({
      emisor: ISSUER,
      tipo: state.tipo ?? '01',
      serie: 'F001',
      numero: nextNumber++,
      fecha,
      total: '118.00',
    })),
  );
  stored.forEach((document, index) => {
    const { tipo: _tipo, ...state } = states[index]!;
    sunat.addDocument({
      issuerRuc: document.emisor,
      type: document.tipo,
      series: document.serie,
      number: document.numero,
      issueDate: document.fecha,
      ...state,
    });
  });
  return stored;
}

async function validityRow(documentId: number) {
  return t.database.db
    .selectFrom('document_validity')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
}

async function waitUntilDone(id: number, timeout = 15_000): Promise<ValidityCheck> {
  await expect
    .poll(
      async () =>
        (await call<ValidityCheck>('GET', `/api/client/validity-checks/${id}`)).body.state,
      {
        timeout,
      },
    )
    .toBe('done');
  return (await call<ValidityCheck>('GET', `/api/client/validity-checks/${id}`)).body;
}

describe('SUNAT credentials', () => {
  it('says none are saved, and refuses a check until they are', async () => {
    expect((await call('GET', '/api/client/sunat-credentials')).body).toMatchObject({
      configured: false,
      clientId: null,
      state: null,
      message: SUNAT_VALIDITY_MESSAGES.credentialsMissing,
      lastUsedAt: null,
    });
    const [document] = await documentsKnownToSunat([{ estadoCp: '1' }]);
    const refused = await call('POST', `/api/client/documents/${document!.id}/validity`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: SUNAT_VALIDITY_MESSAGES.credentialsMissing });
  });

  it('does not keep credentials SUNAT refuses, and says so in Spanish', async () => {
    const refused = await saveCredentials('otro-secreto');
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toMatch(
      /^SUNAT no aceptó el client id y el client secret/,
    );
    expect(
      (await call<SunatCredentialsStatus>('GET', '/api/client/sunat-credentials')).body.configured,
    ).toBe(false);
    const invalid = await call('PUT', '/api/client/sunat-credentials', {
      clientId: 'a b',
      clientSecret: '',
    });
    expect(invalid.status).toBe(400);
  });

  it('keeps working credentials sealed, and never shows or logs the secret', async () => {
    const saved = await saveCredentials();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      clientId: '••••••••••••••••••••••••••••••••c9aa',
      state: 'accepted',
      message: SUNAT_VALIDITY_MESSAGES.credentialsAccepted,
    });
    expect(saved.body.lastUsedAt).not.toBeNull();
    const shown = await call<SunatCredentialsStatus>('GET', '/api/client/sunat-credentials');
    expect(shown.body).toMatchObject({ state: 'accepted', clientId: saved.body.clientId });
    const rows = await t.database.db.selectFrom('secrets').selectAll().execute();
    expect(rows.map((row) => row.name)).toEqual([`sunat:${RECEIVER}`]);
    for (const text of [saved.text, shown.text, rows[0]!.sealed, logLines.join('\n')]) {
      expect(text).not.toContain(SECRET);
    }
  });

  it('keeps credentials SUNAT could not try, and says they will be tried later', async () => {
    sunat.outage = 503;
    const saved = await saveCredentials();
    expect(saved.status).toBe(200);
    expect(saved.body.state).toBe('unverified');
    expect(saved.body.message).toBe(
      `${SUNAT_VALIDITY_MESSAGES.credentialsUnverified} (SUNAT no está disponible (HTTP 503).)`,
    );
    sunat.outage = null;
    expect((await saveCredentials()).body.state).toBe('accepted');
  });

  it('after SECRETS_KEY changed, asks in words for the credentials again', async () => {
    await saveCredentials();
    const name = `sunat:${RECEIVER}`;
    await t.database.db
      .updateTable('secrets')
      .set({ sealed: new SecretBox('otra-clave-de-secretos-0123456789abcdef').seal(SECRET, name) })
      .where('name', '=', name)
      .execute();
    const shown = await call<SunatCredentialsStatus>('GET', '/api/client/sunat-credentials');
    expect(shown.body).toMatchObject({
      configured: true,
      state: 'unreadable',
      message: SUNAT_VALIDITY_MESSAGES.credentialsUnreadable,
    });
    const [document] = await documentsKnownToSunat([{ estadoCp: '1' }]);
    const check = await call('POST', `/api/client/documents/${document!.id}/validity`);
    expect(check.status).toBe(409);
    expect(check.body).toMatchObject({ message: SUNAT_VALIDITY_MESSAGES.credentialsUnreadable });
    expect((await saveCredentials()).body.state).toBe('accepted');
  });

  it('forgets the credentials and their secret', async () => {
    await saveCredentials();
    const removed = await call('DELETE', '/api/client/sunat-credentials');
    expect(removed.body).toMatchObject({ message: SUNAT_VALIDITY_MESSAGES.credentialsRemoved });
    expect(
      (await call<SunatCredentialsStatus>('GET', '/api/client/sunat-credentials')).body.configured,
    ).toBe(false);
    expect(await t.database.db.selectFrom('secrets').selectAll().execute()).toEqual([]);
    await saveCredentials();
  });
});

describe('checking one document now', () => {
  beforeAll(async () => {
    await saveCredentials();
  });

  it('asks SUNAT as the receiver and answers with SUNAT’s state, kept with its time', async () => {
    const observation = '- El comprobante de pago consultado ha sido emitido a otro contribuyente.';
    const [document] = await documentsKnownToSunat([
      { estadoCp: '1', estadoRuc: '00', condDomiRuc: '12', observaciones: [observation] },
    ]);
    const checked = await call<DocumentValidityAnswer>(
      'POST',
      `/api/client/documents/${document!.id}/validity`,
    );
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      pending: false,
      message: SUNAT_VALIDITY_MESSAGES.checked,
      validity: { estadoCp: '1', estadoRuc: '00', condDomiRuc: '12', observaciones: [observation] },
    });
    const query = sunat.requests.filter((request) => request.endpoint === 'query').at(-1)!;
    expect(query.consultingRuc).toBe(RECEIVER);
    expect(query.body).toEqual({
      numRuc: ISSUER,
      codComp: '01',
      numeroSerie: 'F001',
      numero: String(document!.numero),
      fechaEmision: '10/03/2025',
      monto: '118.00',
    });
    const row = await validityRow(document!.id);
    expect(row!.checked_at.toISOString()).toBe(checked.body.validity!.checkedAt);
  });

  it.each([
    ['0', 'NO EXISTE'],
    ['2', 'ANULADO'],
    ['3', 'AUTORIZADO'],
    ['4', 'NO AUTORIZADO'],
  ])('keeps estadoCp %s (%s)', async (estadoCp) => {
    const [document] = await documentsKnownToSunat([
      { estadoCp, estadoRuc: '10', condDomiRuc: '00' },
    ]);
    const checked = await call<DocumentValidityAnswer>(
      'POST',
      `/api/client/documents/${document!.id}/validity`,
    );
    expect(checked.body.validity).toMatchObject({ estadoCp, estadoRuc: '10', condDomiRuc: '00' });
  });

  it('reads a document SUNAT never heard of as NO EXISTE', async () => {
    const [document] = await storeDocuments(t.database.db, RECEIVER, [
      { emisor: ISSUER, tipo: '01', serie: 'F999', numero: 1, fecha: '2025-03-10', total: '10.00' },
    ]);
    const checked = await call<DocumentValidityAnswer>(
      'POST',
      `/api/client/documents/${document!.id}/validity`,
    );
    expect(checked.body.validity).toMatchObject({
      estadoCp: '0',
      estadoRuc: null,
      condDomiRuc: null,
    });
  });

  it('asks for a new token once when SUNAT refuses the stored one', async () => {
    const [document] = await documentsKnownToSunat([
      { estadoCp: '1', estadoRuc: '00', condDomiRuc: '00' },
    ]);
    sunat.expireTokens();
    const before = sunat.requests.length;
    const checked = await call<DocumentValidityAnswer>(
      'POST',
      `/api/client/documents/${document!.id}/validity`,
    );
    expect(checked.body.validity?.estadoCp).toBe('1');
    expect(sunat.requests.slice(before).map((request) => request.endpoint)).toEqual([
      'query',
      'token',
      'query',
    ]);
  });

  it('never asks SUNAT about a type it does not answer for, nor about another receiver’s document', async () => {
    const [guide] = await documentsKnownToSunat([{ estadoCp: '1', tipo: '09' }]);
    const before = sunat.requests.length;
    const refused = await call('POST', `/api/client/documents/${guide!.id}/validity`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: SUNAT_VALIDITY_MESSAGES.notCheckable });
    const [foreign] = await storeDocuments(t.database.db, '20555555551', [
      { emisor: ISSUER, tipo: '01', serie: 'F002', numero: 1, fecha: '2025-03-10', total: '1.00' },
    ]);
    expect((await call('POST', `/api/client/documents/${foreign!.id}/validity`)).status).toBe(404);
    expect(sunat.requests.length).toBe(before);
  });

  it('answers SUNAT’s refusal of the query in its words', async () => {
    const [document] = await documentsKnownToSunat([
      { estadoCp: '1', faults: [{ success: false, message: 'Serie no válida', errorCode: '98' }] },
    ]);
    const refused = await call('POST', `/api/client/documents/${document!.id}/validity`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'SUNAT no respondió la consulta: «Serie no válida» (código 98).',
    });
  });

  it('does not hold the request while SUNAT is slow: pending now, kept when SUNAT answers', async () => {
    const [document] = await documentsKnownToSunat([
      { estadoCp: '2', estadoRuc: '00', condDomiRuc: '00' },
    ]);
    sunat.delayMs = 4_000;
    const started = Date.now();
    const pending = await call<DocumentValidityAnswer>(
      'POST',
      `/api/client/documents/${document!.id}/validity`,
    );
    expect(Date.now() - started).toBeLessThan(3_900);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({
      validity: null,
      pending: true,
      message: SUNAT_VALIDITY_MESSAGES.pending,
    });
    // The client gives up on the slow answer; the job retries after its backoff.
    sunat.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    skipAhead(31_000);
    await expect
      .poll(async () => (await validityRow(document!.id))?.estado_cp, { timeout: 5_000 })
      .toBe('2');
  });
});

describe('checking a period', () => {
  beforeAll(async () => {
    await saveCredentials();
  });

  it('queues each checkable document once, at the configured rate, and reports progress', async () => {
    const documents = await documentsKnownToSunat(
      [
        ...Array.from({ length: 12 }, () => ({
          estadoCp: '1',
          estadoRuc: '00',
          condDomiRuc: '00',
        })),
        { estadoCp: '1', tipo: '09' },
      ],
      '2025-05-20',
    );
    const before = sunat.requests.length;
    const askedAt = Date.now();
    const started = await call<ValidityCheckStarted>('POST', '/api/client/validity-checks', {
      start: '2025-05-01',
      end: '2025-05-31',
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ total: 12, skipped: 1 });
    const again = await call('POST', '/api/client/validity-checks', {
      start: '2025-05-01',
      end: '2025-05-31',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: SUNAT_VALIDITY_MESSAGES.checkRunning });

    const progress = await waitUntilDone(started.body.id);
    expect(progress).toMatchObject({
      total: 12,
      done: 12,
      failed: 0,
      state: 'done',
      skipped: 1,
      start: '2025-05-01',
      end: '2025-05-31',
      failures: [],
    });
    const queries = sunat.requests.slice(before).filter((request) => request.endpoint === 'query');
    const numbers = queries.map((request) => Number(request.body.numero));
    expect(numbers.sort((a, b) => a - b)).toEqual(
      documents.filter((document) => document.tipo === '01').map((document) => document.numero),
    );
    const times = queries.map((request) => request.at).sort((a, b) => a - b);
    // The k-th query is never sent before k slots have passed since the check was asked for.
    times.forEach((at, k) => expect(at - askedAt).toBeGreaterThanOrEqual((k * 1000) / RATE - 5));
    for (const document of documents.slice(0, 12)) {
      expect((await validityRow(document.id))?.estado_cp).toBe('1');
    }
    const listed = await call<ValidityCheck[]>('GET', '/api/client/validity-checks');
    expect(listed.body[0]).toMatchObject({ id: started.body.id, state: 'done' });
  });

  it('refuses an empty or too large period, and one with its dates reversed', async () => {
    const empty = await call('POST', '/api/client/validity-checks', {
      start: '2019-01-01',
      end: '2019-01-31',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: SUNAT_VALIDITY_MESSAGES.nothingToCheck });
    const reversed = await call('POST', '/api/client/validity-checks', {
      start: '2025-05-31',
      end: '2025-05-01',
    });
    expect(reversed.status).toBe(400);
    expect((await call('GET', '/api/client/validity-checks/999999')).status).toBe(404);
  });

  it('waits out SUNAT’s 429, 500, time-outs and malformed answers, and gives up on a refusal with the reason', async () => {
    const states: KnownState[] = [
      { estadoCp: '1', faults: [{ status: 429, retryAfterSeconds: 1 }] },
      { estadoCp: '1', faults: [{ status: 500 }] },
      { estadoCp: '1', faults: [{ delayMs: 1_500 }] },
      { estadoCp: '1', faults: [{ body: '<html>Error</html>' }] },
      { estadoCp: '1', faults: [{ success: false, message: 'Comprobante no válido' }] },
    ];
    const documents = await documentsKnownToSunat(states, '2025-06-15');
    const started = await call<ValidityCheckStarted>('POST', '/api/client/validity-checks', {
      start: '2025-06-01',
      end: '2025-06-30',
    });
    expect(started.body.total).toBe(5);
    await expect
      .poll(() => states.every((state) => state.faults!.length === 0), { timeout: 5_000 })
      .toBe(true);
    // Every fault was met once; the retries wait for their backoff, measured on the app's clock.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const waiting = await call<ValidityCheck>(
      'GET',
      `/api/client/validity-checks/${started.body.id}`,
    );
    expect(waiting.body.state).toBe('running');
    skipAhead(31_000);
    const progress = await waitUntilDone(started.body.id);
    expect(progress).toMatchObject({ total: 5, done: 4, failed: 1 });
    expect(progress.failures).toEqual([
      {
        documentId: documents[4]!.id,
        reason: 'SUNAT no respondió la consulta: «Comprobante no válido».',
      },
    ]);
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select(['payload', 'attempts', 'state'])
      .where('batch_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(jobs.filter((job) => job.state === 'done').every((job) => job.attempts === 2)).toBe(
      true,
    );
  });

  it('keeps a period queued while SUNAT is down, and finishes it when SUNAT is back', async () => {
    const documents = await documentsKnownToSunat(
      Array.from({ length: 4 }, () => ({ estadoCp: '1' })),
      '2025-07-15',
    );
    sunat.outage = 503;
    const started = await call<ValidityCheckStarted>('POST', '/api/client/validity-checks', {
      start: '2025-07-01',
      end: '2025-07-31',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const waiting = await call<ValidityCheck>(
      'GET',
      `/api/client/validity-checks/${started.body.id}`,
    );
    expect(waiting.body).toMatchObject({ state: 'running', done: 0, failed: 0 });
    sunat.outage = null;
    skipAhead(31_000);
    expect(await waitUntilDone(started.body.id)).toMatchObject({ done: 4, failed: 0 });
    expect((await validityRow(documents[3]!.id))?.estado_cp).toBe('1');
  });

  it('stops every check and says so when SUNAT refuses the credentials', async () => {
    await documentsKnownToSunat(
      Array.from({ length: 3 }, () => ({ estadoCp: '1' })),
      '2025-08-15',
    );
    sunat.clients.set(CLIENT_ID, 'revocado-en-sol');
    sunat.expireTokens();
    const started = await call<ValidityCheckStarted>('POST', '/api/client/validity-checks', {
      start: '2025-08-01',
      end: '2025-08-31',
    });
    const progress = await waitUntilDone(started.body.id);
    expect(progress).toMatchObject({ total: 3, done: 0, failed: 3 });
    for (const { reason } of progress.failures) {
      expect(reason).toMatch(
        /^SUNAT no aceptó el client id y el client secret|^SUNAT rechazó las credenciales guardadas/,
      );
    }
    const tokenRequests = sunat.requests.filter((request) => request.endpoint === 'token');
    expect(tokenRequests.at(-1)!.body.client_secret).toBe(SECRET);
    expect(
      (await call<SunatCredentialsStatus>('GET', '/api/client/sunat-credentials')).body,
    ).toMatchObject({
      state: 'refused',
      message: SUNAT_VALIDITY_MESSAGES.credentialsRefused,
    });
    sunat.clients.set(CLIENT_ID, SECRET);
    expect((await saveCredentials()).body.state).toBe('accepted');
  });
});

describe('checking new documents', () => {
  it('checks a document as soon as it is published to a receiver with credentials', async () => {
    await saveCredentials();
    const sample = SAMPLES.factura4;
    sunat.addDocument({
      issuerRuc: sample.emisor,
      type: sample.tipo,
      series: 'F001',
      number: 4,
      issueDate: sample.fecha,
      estadoCp: '1',
      estadoRuc: '00',
      condDomiRuc: '00',
    });
    const issuer = await issuerToken(t, sample.emisor);
    const published = await publishSample(t, issuer, sample);
    expect(published.statusCode).toBe(200);
    const { id } = published.json<{ id: number }>();
    await expect.poll(async () => (await validityRow(id))?.estado_cp, { timeout: 5_000 }).toBe('1');
  });

  it('leaves the documents of receivers without credentials alone', async () => {
    const other = await storedReceiverToken(t, '20555555552');
    expect(other).toBeTruthy();
    const before = await t.database.db.selectFrom('jobs').select('id').execute();
    await t.services.sunatValidity.queueNew(t.database.db, [
      { id: 1, tipo: '01', cliente_doc: '20555555552' },
    ]);
    expect(await t.database.db.selectFrom('jobs').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});

describe('SUNAT’s state wherever a document appears', () => {
  let annulled: StoredDocument;
  let accepted: StoredDocument;
  let unchecked: StoredDocument;

  beforeAll(async () => {
    await saveCredentials();
    const observation = '- El comprobante de pago consultado ha sido emitido a otro contribuyente.';
    const stored = await documentsKnownToSunat(
      [
        { estadoCp: '2', estadoRuc: '00', condDomiRuc: '12', observaciones: [observation] },
        { estadoCp: '1', estadoRuc: '00', condDomiRuc: '00' },
        { estadoCp: '1' },
      ],
      '2025-09-10',
    );
    [annulled, accepted, unchecked] = stored as [StoredDocument, StoredDocument, StoredDocument];
    for (const document of [annulled, accepted]) {
      expect((await call('POST', `/api/client/documents/${document.id}/validity`)).status).toBe(
        200,
      );
    }
  });

  const september = 'start=2025-09-01&end=2025-09-30';

  it('gives each list item SUNAT’s estadoCp and its warnings, and filters by it', async () => {
    const page = await call<{
      items: { id: number; validez: string | null; avisos_sunat: string[] }[];
    }>('GET', `/api/client/documents?${september}`);
    const byId = new Map(page.body.items.map((item) => [item.id, item]));
    expect(byId.get(annulled.id)).toMatchObject({
      validez: '2',
      avisos_sunat: ['anulado', 'otro_contribuyente', 'proveedor_no_habido'],
    });
    expect(byId.get(accepted.id)).toMatchObject({ validez: '1', avisos_sunat: [] });
    expect(byId.get(unchecked.id)).toMatchObject({ validez: null, avisos_sunat: [] });

    const ids = async (validez: string) =>
      (
        await call<{ items: { id: number }[] }>(
          'GET',
          `/api/client/documents?${september}&validez=${validez}`,
        )
      ).body.items.map((item) => item.id);
    expect(await ids('2')).toEqual([annulled.id]);
    expect(await ids('1')).toEqual([accepted.id]);
    expect(await ids('sin')).toEqual([unchecked.id]);
    expect(await ids('0')).toEqual([]);
    const wrong = await call('GET', `/api/client/documents?${september}&validez=anulado`);
    expect(wrong.status).toBe(400);

    const legacy = await call<{ id: number; validez: string | null }[]>(
      'POST',
      '/api/client/documents',
      {
        start: '2025-09-01',
        end: '2025-09-30',
        validez: '2',
      },
    );
    expect(legacy.body.map((item) => [item.id, item.validez])).toEqual([[annulled.id, '2']]);
  });

  it('gives the detail and the info SUNAT’s whole answer with its time', async () => {
    const info = await call<{ validez: string }>(
      'GET',
      `/api/client/documents/${annulled.id}/resource/info`,
    );
    expect(info.body.validez).toBe('2');
    const sample = SAMPLES.factura3;
    sunat.addDocument({
      issuerRuc: sample.emisor,
      type: sample.tipo,
      series: 'F001',
      number: 3,
      issueDate: sample.fecha,
      estadoCp: '1',
      estadoRuc: '00',
      condDomiRuc: '00',
    });
    const published = (await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('emisor', '=', sample.emisor)
      .where('serie', '=', 'F001')
      .where('numero', '=', 3)
      .executeTakeFirst())!;
    const unread = await call<{ validity: unknown }>(
      'GET',
      `/api/client/documents/${published.id}/resource/detail`,
    );
    expect(unread.body.validity).toBeNull();
    await call('POST', `/api/client/documents/${published.id}/validity`);
    const detail = await call<{ validity: unknown }>(
      'GET',
      `/api/client/documents/${published.id}/resource/detail`,
    );
    expect(detail.body.validity).toEqual({
      estadoCp: '1',
      estadoRuc: '00',
      condDomiRuc: '00',
      observaciones: [],
      checkedAt: (await validityRow(published.id))!.checked_at.toISOString(),
    });
  });

  it('adds SUNAT’s state in words to the exported purchase list, and takes the same filter', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/export?format=csv&${september}&validez=2`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    const [header, line, end] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(
      /,Estado en SUNAT,Estado del RUC emisor,Condición de domicilio,Avisos SUNAT,Observaciones SUNAT,Consultado en SUNAT,Origen$/,
    );
    const checkedOn = (await validityRow(annulled.id))!.checked_at;
    const limaDay = new Date(checkedOn.getTime() - 5 * 3600_000).toISOString().slice(0, 10);
    expect(line).toMatch(
      new RegExp(
        `,ANULADO,ACTIVO,NO HABIDO,Anulado en SUNAT; Emitido a otro contribuyente; Proveedor NO HABIDO,'- El comprobante de pago consultado ha sido emitido a otro contribuyente\\.,${limaDay},Publicado por el emisor$`,
      ),
    );
    expect(end).toBe('');
  });

  it('does not show receivers’ checks in the issuer’s own list', async () => {
    const issuer = await issuerToken(t, SAMPLES.factura3.emisor);
    const listed = await call<{ validez?: unknown }[]>(
      'GET',
      `/api/company/documents?start=${SAMPLES.factura3.fecha}&end=${SAMPLES.factura3.fecha}`,
      undefined,
      issuer,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(listed.body.every((item) => !('validez' in item))).toBe(true);
  });
});
