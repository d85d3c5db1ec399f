import { API_MESSAGES, type NoticePreferences } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixtureBase64, SAMPLES, type Sample } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import { storeDocuments } from '../../../test/helpers/receiver-documents.js';
import {
  RECEIVER,
  RECEIVER_PASSWORD,
  receiverToken,
  registerReceiver,
  storedReceiverToken,
  warmPasswordRating,
} from '../../../test/helpers/receivers.js';
import {
  linkIn,
  startSmtpHarness,
  type CapturedMail,
  type SmtpHarness,
} from '../../../test/helpers/smtp-harness.js';
import { DigestJob } from './digest-job.js';
import { toNoticeDocument } from './notice-document.js';
import type { PublishedDocument } from './notices.service.js';

const PORTAL = 'https://portal.sufel.test';
/** The receiver of the boleta: another company, whose data must never reach RECEIVER. */
const OTHER = SAMPLES.boleta1.cliente;
/** An account whose only address is still unconfirmed. */
const WITHOUT_ADDRESS = '20100070970';

describe('e-mail notices of new documents', () => {
  let smtp: SmtpHarness;
  let t: TestApp;
  let receiver: string;
  let other: string;
  let issuer: string;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: PORTAL, MAIL_FROM: 'SUFEL <avisos@sufel.test>' },
      mailWorkerOptions: { pollMs: 200 },
    });
    await registerReceiver(t);
    receiver = await receiverToken(t);
    other = await storedReceiverToken(t, OTHER);
    issuer = await issuerToken(t, SAMPLES.factura4.emisor);
    const confirmed = t.clock.now;
    // Addresses as the confirmation flow leaves them (that flow has its own tests).
    await t.database.db
      .insertInto('client_emails')
      .values([
        {
          cliente_doc: RECEIVER,
          address: 'conta@cliente.test',
          language: 'es',
          confirmed_at: confirmed,
        },
        {
          cliente_doc: RECEIVER,
          address: 'accounts@cliente.test',
          language: 'en',
          confirmed_at: confirmed,
        },
        {
          cliente_doc: RECEIVER,
          address: 'sin-confirmar@cliente.test',
          language: 'es',
          confirmed_at: null,
        },
        {
          cliente_doc: OTHER,
          address: 'compras@otro.test',
          language: 'es',
          confirmed_at: confirmed,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const asReceiver = (token: string, method: 'GET' | 'PATCH', payload?: object) =>
    t.app.inject({
      method,
      url: '/api/client/notices',
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const publishBatch = async (samples: readonly Sample[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/company/documents/batch',
      headers: { authorization: `Bearer ${issuer}` },
      payload: {
        documents: await Promise.all(
          samples.map(async (sample) => ({ xml: await fixtureBase64(sample.file), pdf: '' })),
        ),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ results: { status: number; id: number }[] }>().results;
  };
  const outbox = () => t.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  /** Waits until the worker has sent everything queued. */
  const drained = () =>
    expect
      .poll(async () => (await outbox()).filter((row) => row.status === 'pending').length)
      .toBe(0);
  const to = (address: string) => (mail: CapturedMail) => mail.to.includes(address);

  it('starts with notices off and refuses an unknown choice in Spanish', async () => {
    expect((await asReceiver(receiver, 'GET')).json()).toEqual({ mode: 'none' });
    // A pending address is not enough: notices go to confirmed ones only.
    const unconfirmed = await storedReceiverToken(t, WITHOUT_ADDRESS);
    await t.database.db
      .insertInto('client_emails')
      .values({
        cliente_doc: WITHOUT_ADDRESS,
        address: 'pendiente@cliente.test',
        language: 'es',
        confirmed_at: null,
      })
      .execute();
    const withoutAddress = await asReceiver(unconfirmed, 'PATCH', { mode: 'digest' });
    expect(withoutAddress.statusCode).toBe(409);
    expect(withoutAddress.json()).toMatchObject({ message: API_MESSAGES.noticesNeedAddress });
    expect((await asReceiver(unconfirmed, 'GET')).json()).toEqual({ mode: 'none' });
    expect((await asReceiver(unconfirmed, 'PATCH', { mode: 'none' })).statusCode).toBe(200);
    const bad = await asReceiver(receiver, 'PATCH', { mode: 'siempre' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Elija una opción de avisos/);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/notices' })).statusCode).toBe(
      401,
    );
  });

  it('mails each confirmed address one notice per published document, in its language', async () => {
    expect((await asReceiver(receiver, 'PATCH', { mode: 'each' })).json()).toMatchObject({
      message: 'Preferencia de avisos guardada.',
    });
    expect((await asReceiver(other, 'PATCH', { mode: 'each' })).statusCode).toBe(200);
    expect((await asReceiver(receiver, 'GET')).json<NoticePreferences>().mode).toBe('each');
    const before = smtp.messages.length;

    const [factura, boleta] = await publishBatch([SAMPLES.factura4, SAMPLES.boleta1]);
    const spanish = await smtp.waitForMail(to('conta@cliente.test'));
    const english = await smtp.waitForMail(to('accounts@cliente.test'));
    const otherMail = await smtp.waitForMail(to('compras@otro.test'));
    await drained();

    expect(spanish.subject).toBe('Nuevo comprobante: Factura F001-4 de GASPERSOFT EIRL');
    expect(spanish.from).toBe('avisos@sufel.test');
    for (const line of [
      'Emisor: GASPERSOFT EIRL (RUC 20606433094)',
      'Tipo: Factura',
      'Serie-número: F001-4',
      'Fecha: 26/11/2024',
      // Written as the portal shows it.
      'Total: S/ 423,225.00',
    ]) {
      expect(spanish.text).toContain(line);
    }
    expect(linkIn(spanish, '/client/documents/').href).toBe(
      `${PORTAL}/client/documents/${factura!.id}?ruc=${RECEIVER}`,
    );
    expect(english.subject).toBe('New document: Invoice F001-4 from GASPERSOFT EIRL');
    expect(english.text).toContain('Date: 2024-11-26');
    expect(english.text).toContain('Total: S/ 423,225.00');

    const unsubscribe = linkIn(spanish, '/api/notices/unsubscribe');
    expect(spanish.headers['list-unsubscribe']).toBe(`<${unsubscribe.href}>`);
    expect(spanish.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    expect(otherMail.subject).toBe('Nuevo comprobante: Boleta B001-1 de GASPERSOFT EIRL');
    const otherLink = linkIn(otherMail, '/client/documents/');
    expect(otherLink.pathname).toBe(`/client/documents/${boleta!.id}`);
    expect(otherLink.searchParams.get('ruc')).toBe(OTHER);

    // Exactly three mails: nothing to the unconfirmed address, nothing mixed between receivers.
    const sent = smtp.messages.slice(before);
    expect(sent.flatMap((mail) => mail.to).sort()).toEqual(
      ['accounts@cliente.test', 'compras@otro.test', 'conta@cliente.test'].sort(),
    );
    for (const mail of sent.filter((m) => !m.to.includes('compras@otro.test'))) {
      expect(mail.text).not.toMatch(/B001|45288569|VELEZMORO/);
    }
    expect(otherMail.text).not.toMatch(/F001|20415932376|COCA-COLA/);
    expect((await outbox()).map((row) => row.recipient)).not.toContain(
      'sin-confirmar@cliente.test',
    );
  });

  it('never queues a notice twice: a re-publish sends nothing, a repeated queue is kept once', async () => {
    const before = smtp.messages.length;
    const rows = (await outbox()).length;
    const [again] = await publishBatch([SAMPLES.factura4]);
    expect(again!.status).toBe(200);

    const doc = await t.database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', again!.id)
      .executeTakeFirstOrThrow();
    await t.database.db.transaction().execute((trx) =>
      t.services.notices.queuePublished(trx, [
        {
          id: doc.id,
          receiverRuc: doc.cliente_doc,
          emisor: doc.emisor,
          emisorNombre: doc.emisor_nombre,
          tipo: doc.tipo,
          serie: doc.serie,
          numero: doc.numero,
          fecha: doc.fecha,
          total: doc.total,
          moneda: doc.moneda,
          verdict: 'sin_cdr',
        },
      ]),
    );
    t.services.mailer.wake();
    await drained();
    expect((await outbox()).length).toBe(rows);
    expect(smtp.messages.length).toBe(before);
  });

  it('sends one daily digest per receiver, once, even with a second instance and after a restart', async () => {
    expect((await asReceiver(receiver, 'PATCH', { mode: 'digest' })).statusCode).toBe(200);
    const before = smtp.messages.length;
    t.clock.now = new Date('2026-11-20T20:00:00Z'); // 15:00 in Lima
    await publishBatch([SAMPLES.notaCredito1, SAMPLES.factura3]);
    // Nothing now, nor while the day lasts.
    expect(await t.services.digestJob!.runOnce()).toBe(0);
    t.clock.now = new Date('2026-11-21T04:59:00Z'); // 23:59 in Lima
    expect(await t.services.digestJob!.runOnce()).toBe(0);
    await drained();
    expect(smtp.messages.length).toBe(before);

    // The next day a fresh job (as a restarted or second instance would) and the app's own race.
    t.clock.now = new Date('2026-11-21T05:01:00Z');
    const secondInstance = new DigestJob(t.services.notices, t.database.db);
    const queued = await Promise.all([
      t.services.digestJob!.runOnce(),
      secondInstance.runOnce(),
      secondInstance.runOnce(),
    ]);
    expect(queued[0] + queued[1]).toBe(1);
    const digest = await smtp.waitForMail(
      (mail) => mail.to.includes('conta@cliente.test') && mail.subject.startsWith('Resumen'),
    );
    const english = await smtp.waitForMail(
      (mail) => mail.to.includes('accounts@cliente.test') && mail.subject.startsWith('Summary'),
    );
    await drained();
    expect(digest.subject).toBe('Resumen del 20/11/2026: 1 comprobante nuevo');
    expect(digest.text).toContain('Nota de Crédito');
    expect(digest.text).toContain('Serie-número: F001-1');
    expect(digest.text).not.toMatch(/B001|45288569/);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(english.subject).toBe('Summary for 2026-11-20: 1 new document');
    expect(await t.services.digestJob!.runOnce()).toBe(0);
    expect(
      smtp.messages
        .slice(before)
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(['accounts@cliente.test', 'conta@cliente.test']);
  });

  it('unsubscribes with one click: GET only asks, POST (RFC 8058) turns notices off', async () => {
    const mail = smtp.messages.find(to('conta@cliente.test'))!;
    const link = linkIn(mail, '/api/notices/unsubscribe');
    const url = `${link.pathname}${link.search}`;

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    // In the portal's look, with its bar, and a way back that changes nothing.
    expect(page.body).toContain('<title>Avisos de nuevos comprobantes — SUFEL</title>');
    expect(page.body).toContain(
      '<header><a href="/"><img src="/logo.svg" alt="" height="26">SUFEL</a>',
    );
    expect(page.body).toContain('<a class="button button--outlined" href="/">Volver al portal</a>');
    expect((await asReceiver(receiver, 'GET')).json<NoticePreferences>().mode).toBe('digest');

    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.slice(0, -3)}AAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);

    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('ya no recibirá avisos');
    expect(done.body).toContain('<a class="button" href="/client/perfil">Abrir mi perfil</a>');
    expect((await asReceiver(receiver, 'GET')).json<NoticePreferences>().mode).toBe('none');
    // The other receiver keeps its notices.
    expect((await asReceiver(other, 'GET')).json<NoticePreferences>().mode).toBe('each');
  });
});

/*
 * RECEIVER_BY_PROOF gets documents from three issuers; its account was opened
 * with a document of GRANTED, so it may see GRANTED's documents only until it
 * adds another issuer or its RUC is verified. A notice is a view of a
 * document: it must never tell the account what another issuer sent it.
 */
const RECEIVER_BY_PROOF = SAMPLES.retentionInvoice.cliente;
const GRANTED = SAMPLES.retentionInvoice.emisor;
const ADDED = SAMPLES.perceptionInvoice.emisor;
/** An issuer the account never proved a document of. */
const UNPROVED = '20100070970';
const TREASURY = 'tesoreria@reclamado.test';

describe('e-mail notices of an account that sees some issuers only', () => {
  let smtp: SmtpHarness;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: PORTAL },
      mailWorkerOptions: { pollMs: 200 },
    });
    await warmPasswordRating(t);
    const granted = await issuerToken(t, GRANTED);
    expect((await publishSample(t, granted, SAMPLES.retentionInvoice)).statusCode).toBe(200);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      payload: {
        documento: RECEIVER_BY_PROOF,
        nombres: 'CLIENTE POR PRUEBA S.A.C.',
        password: RECEIVER_PASSWORD,
        repeat_password: RECEIVER_PASSWORD,
        comprobante: proofOf(SAMPLES.retentionInvoice),
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    await t.database.db
      .insertInto('client_emails')
      .values({
        cliente_doc: RECEIVER_BY_PROOF,
        address: TREASURY,
        language: 'es',
        confirmed_at: t.clock.now,
      })
      .execute();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: RECEIVER_BY_PROOF, password: RECEIVER_PASSWORD },
    });
    token = login.json<{ token: string }>().token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const setMode = async (mode: 'each' | 'digest') => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/notices',
      headers: { authorization: `Bearer ${token}` },
      payload: { mode },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The issuers named by the notices queued for the account (queued with the documents). */
  const issuersMailed = async () =>
    (
      await t.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('recipient', '=', TREASURY)
        .orderBy('id')
        .execute()
    ).map((row) => /\(RUC (\d{11})\)/.exec(row.body)?.[1]);
  /**
   * A stored document as publishing hands it to the notices: no sample of these
   * issuers but one each can be published to this RUC, so further documents are
   * stored directly and queued the way a publish queues them.
   */
  const asPublished = async (id: number): Promise<PublishedDocument> => {
    const row = await t.database.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...toNoticeDocument(row, null), receiverRuc: row.cliente_doc };
  };
  const idOf = async (emisor: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('cliente_doc', '=', RECEIVER_BY_PROOF)
        .where('emisor', '=', emisor)
        .executeTakeFirstOrThrow()
    ).id;
  const queue = (docs: PublishedDocument[]) =>
    t.database.db.transaction().execute((trx) => t.services.notices.queuePublished(trx, docs));

  it('mails only documents of the issuers the account proved', async () => {
    await setMode('each');
    const added = await issuerToken(t, ADDED);
    expect((await publishSample(t, added, SAMPLES.perceptionInvoice)).statusCode).toBe(200);
    expect(await issuersMailed()).toEqual([]);

    // One queue naming both issuers, as a batch would: the granted one's document alone is told.
    await queue([await asPublished(await idOf(ADDED)), await asPublished(await idOf(GRANTED))]);
    expect(await issuersMailed()).toEqual([GRANTED]);

    // "Agregar emisor": from then on that issuer's new documents are told too.
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/client/issuers',
      headers: { authorization: `Bearer ${token}` },
      payload: { comprobante: proofOf(SAMPLES.perceptionInvoice) },
    });
    expect(add.statusCode, add.body).toBe(200);
    const [next] = await storeDocuments(t.database.db, RECEIVER_BY_PROOF, [
      { emisor: ADDED, tipo: '01', serie: 'F001', numero: 52, fecha: '2025-03-21', total: '9.00' },
    ]);
    await queue([await asPublished(next!.id)]);
    expect(await issuersMailed()).toEqual([GRANTED, ADDED]);
    await smtp.waitForMail((mail) => mail.to.includes(TREASURY) && mail.text.includes(ADDED));
  });

  it("leaves an unproved issuer's documents out of the digest until the RUC is verified", async () => {
    await setMode('digest');
    const digestDay = '2026-12-10';
    t.clock.now = new Date(`${digestDay}T20:00:00Z`);
    const [hidden, shown] = await storeDocuments(t.database.db, RECEIVER_BY_PROOF, [
      { emisor: UNPROVED, tipo: '01', serie: 'F050', numero: 1, fecha: digestDay, total: '50.00' },
      { emisor: UNPROVED, tipo: '01', serie: 'F050', numero: 2, fecha: digestDay, total: '60.00' },
    ]);
    await queue([await asPublished(hidden!.id)]);
    await t.services.receiverAccess.verifyReceiver(RECEIVER_BY_PROOF, 'sire');
    await queue([await asPublished(shown!.id)]);

    t.clock.now = new Date('2026-12-11T05:01:00Z'); // just past midnight in Lima
    expect(await t.services.digestJob!.runOnce()).toBe(1);
    const digest = await smtp.waitForMail(
      (mail) => mail.to.includes(TREASURY) && mail.subject.startsWith('Resumen'),
    );
    expect(digest.subject).toBe('Resumen del 10/12/2026: 1 comprobante nuevo');
    expect(digest.text).toContain('Serie-número: F050-2');
    expect(digest.text).not.toContain('F050-1');
  });
});

describe('e-mail notices without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
  });
  afterAll(() => t.close());

  it('cannot be turned on', async () => {
    const token = await receiverToken(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/notices',
      headers: { authorization: `Bearer ${token}` },
      payload: { mode: 'each' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(
      /envío de correos no está activado/,
    );
    expect(t.services.digestJob).toBeNull();
  });
});
