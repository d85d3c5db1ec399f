import type { DocumentDetail, DocumentDto, PublishResponse } from '@sufel/contract';
import { API_MESSAGES } from '@sufel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { heavyXml } from '../../../test/helpers/heavy-documents.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { receiverToken, registerReceiver } from '../../../test/helpers/receivers.js';
import { SIGNATURE_CHECK_MAX_BYTES } from '../../services.js';
import { backfillIfSmall } from './backfill-at-start.js';

const silentLog = { info: () => {}, warn: () => {} };

describe('signature checks', () => {
  let t: TestApp;
  let issuer: string;
  let receiver: string;

  const publishXml = (xml: Buffer | string, token = issuer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/company/documents',
      headers: { authorization: `Bearer ${token}` },
      payload: { xml: Buffer.from(xml).toString('base64') },
    });

  const resource = async <T>(id: number, type: 'info' | 'detail') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${id}/resource/${type}`,
      headers: { authorization: `Bearer ${receiver}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
    receiver = await receiverToken(t);
    issuer = await issuerToken(t, SAMPLES.factura3.emisor);
  });
  afterAll(() => t.close());

  it('stores a valid signature with the signer, and serves it in info and detail', async () => {
    const published = await publishSample(t, issuer, SAMPLES.boleta1);
    expect(published.statusCode).toBe(200);
    expect(published.json<PublishResponse>()).toMatchObject({ firma: 'valida' });
    expect(published.json<PublishResponse>().aviso).toBeUndefined();

    const [row] = await t.database.db
      .selectFrom('documents')
      .select('id')
      .where('serie', '=', 'F001')
      .where('numero', '=', 3)
      .execute();
    const firma = {
      estado: 'valida',
      firmante: 'NOMBRE REPRESENTANTE LEGAL - CERTIFICADO PARA DEMOSTRACIÓN',
      ruc: '20606433094',
      vigencia_desde: '2024-11-20T04:50:55.000Z',
      vigencia_hasta: '2026-11-20T04:50:55.000Z',
      emitido_en_vigencia: true,
    };
    expect((await resource<DocumentDto>(row!.id, 'info')).firma).toEqual(firma);
    expect((await resource<DocumentDetail>(row!.id, 'detail')).firma).toEqual(firma);
  });

  it('publishes a document altered after signing, flagged, and says so to the issuer', async () => {
    const original = (await fixture(SAMPLES.factura4.file)).toString('latin1');
    const altered = original.replace(
      '<cbc:PayableAmount currencyID="PEN">423225.00<',
      '<cbc:PayableAmount currencyID="PEN">423225.01<',
    );
    expect(altered).not.toBe(original);
    const published = await publishXml(Buffer.from(altered, 'latin1'));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<PublishResponse>()).toMatchObject({
      firma: 'invalida',
      aviso: API_MESSAGES.invalidSignature,
    });
    const info = await resource<DocumentDto>(published.json<PublishResponse>().id, 'info');
    expect(info.firma?.estado).toBe('invalida');
  });

  it('marks a document without a signature as ausente', async () => {
    const original = (await fixture(SAMPLES.notaCredito1.file)).toString('latin1');
    const unsigned = original.replace(/<Signature[ >][\s\S]*<\/Signature>/, '');
    expect(unsigned).not.toBe(original);
    const published = await publishXml(Buffer.from(unsigned, 'latin1'));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<PublishResponse>().firma).toBe('ausente');
  });

  it('never answers 5xx for a broken signature', async () => {
    const original = (await fixture(SAMPLES.factura3.file)).toString('latin1');
    const broken = original
      .replace('<cbc:ID>F001-3</cbc:ID>', '<cbc:ID>F001-903</cbc:ID>')
      .replace(
        /<SignedInfo>[\s\S]*<\/SignedInfo>/,
        '<SignedInfo><Reference URI="#nada"/></SignedInfo>',
      );
    const published = await publishXml(Buffer.from(broken, 'latin1'));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<PublishResponse>().firma).toBe('invalida');
  });

  it('are checked again from the stored XML by the backfill at start', async () => {
    const before = await t.database.db
      .selectFrom('documents')
      .select(['id', 'firma_estado', 'firma_ruc', 'firma_hasta'])
      .orderBy('id')
      .execute();
    await sql`update documents set firma_estado = null, firma_firmante = null, firma_ruc = null,
      firma_desde = null, firma_hasta = null, firma_en_vigencia = null`.execute(t.database.db);
    expect(await t.services.signatureBackfill.pending()).toBe(before.length);
    await backfillIfSmall(t.services, silentLog);
    expect(await t.services.signatureBackfill.pending()).toBe(0);
    const after = await t.database.db
      .selectFrom('documents')
      .select(['id', 'firma_estado', 'firma_ruc', 'firma_hasta'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
    expect(after.map((row) => row.firma_estado)).toEqual([
      'valida',
      'valida',
      'invalida',
      'ausente',
      'invalida',
    ]);
  });

  it('publishes a document too large to check at once unchecked, for the backfill', async () => {
    const large = await heavyXml({ name: 'large table', number: 777, lineCopies: 700 });
    expect(large.length).toBeGreaterThan(SIGNATURE_CHECK_MAX_BYTES);
    const published = await publishXml(large);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<PublishResponse>().firma).toBeNull();
    const info = await resource<DocumentDto>(published.json<PublishResponse>().id, 'info');
    expect(info.firma).toBeNull();
  });
});
