import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, numberedInvoice, SAMPLES } from '../helpers/fixtures.js';
import { freshPostgresDatabase, postgresReachable } from '../helpers/postgres-server.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

/**
 * Two real server processes on one PostgreSQL, with no JWT_SECRET and nothing
 * shared but the database (and, in the second run, the object store): whatever
 * one instance did, the other must honour. CI runs PostgreSQL; elsewhere the
 * test needs TEST_DATABASE_URL or a server at the default address.
 */
const ADMIN_TOKEN = 'multi-instance-admin-token-0123';
const ISSUER_PASSWORD = 'clave-del-emisor-1';
const RECEIVER_PASSWORD = 'clave-del-receptor-1';
const sample = SAMPLES.creditNoteWithCdr;
const invoice = SAMPLES.factura3;

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const response = await fetch(new URL(url, base), {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    body,
    json: <T>() => JSON.parse(body.toString()) as T,
  };
}

const proof = (s: typeof sample | typeof invoice, total: string = s.total) => ({
  emisor: s.emisor,
  tipo: s.tipo,
  documento: s.documento,
  fecha: s.fecha,
  total,
});

const canRun = await postgresReachable();

describe.skipIf(!canRun).each([{ files: 'postgres' as const }, { files: 's3' as const }])(
  'two instances on one PostgreSQL with FILES=$files',
  ({ files }) => {
    let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    let s3: TestS3Server | undefined;
    let dataDirs: string[];
    let a: ServerProcess;
    let b: ServerProcess;
    let issuer: string;

    beforeAll(async () => {
      database = await freshPostgresDatabase('sufel_multi');
      s3 = files === 's3' ? await startS3Server() : undefined;
      dataDirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'sufel-multi-'))));
      const env = (dataDir: string) => ({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        ADMIN_TOKEN,
        ...(s3?.env ?? { FILES: 'postgres' }),
      });
      // One after the other: the first migrates and generates the token key, the second finds them.
      a = await startServerProcess(env(dataDirs[0]!));
      b = await startServerProcess(env(dataDirs[1]!));
      for (const ruc of [sample.emisor, invoice.emisor]) {
        const created = await call(a.url, 'POST', `/api/companies?token=${ADMIN_TOKEN}`, {
          body: { ruc, nombre: `EMISOR ${ruc}`, password: ISSUER_PASSWORD },
        });
        expect(created.status).toBe(200);
      }
      const auth = await call(b.url, 'POST', '/api/company/auth', {
        body: { ruc: sample.emisor, password: ISSUER_PASSWORD },
      });
      issuer = auth.json<{ token: string }>().token;
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await s3?.close();
      await database?.drop();
      await Promise.all((dataDirs ?? []).map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('serves on B what was published on A: consultation, view, XML, PDF, CDR and signed links', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const published = await call(a.url, 'POST', '/api/company/documents', {
        token: issuer,
        body: {
          xml: (await fixture(sample.file)).toString('base64'),
          pdf: pdf.toString('base64'),
          cdr: (await fixture(sample.cdr)).toString('base64'),
        },
      });
      expect(published.status).toBe(200);
      const links = published.json<{ xml: string; pdf: string }>();

      const consulted = await call(b.url, 'POST', '/api/document/auth', { body: proof(sample) });
      expect(consulted.status).toBe(200);
      const token = consulted.json<{ token: string }>().token;
      const info = await call(b.url, 'GET', '/api/document/resource/info', { token });
      expect(info.json()).toMatchObject({ emisor: sample.emisor, serie: 'F001' });
      const xml = await call(b.url, 'GET', '/api/document/resource/xml', { token });
      expect(xml.body.equals(await fixture(sample.file))).toBe(true);
      const cdr = await call(b.url, 'GET', '/api/document/resource/cdr', { token });
      expect(cdr.body.equals(await fixture(sample.cdr))).toBe(true);
      // A's consultation token opens the PDF on A too.
      const onA = await call(a.url, 'GET', '/api/document/resource/pdf', { token });
      expect(onA.body.equals(pdf)).toBe(true);

      // Signed links made by A, opened on B.
      const signedXml = await call(b.url, 'GET', new URL(links.xml).pathname);
      expect(signedXml.status).toBe(200);
      expect(signedXml.body.equals(await fixture(sample.file))).toBe(true);
      const signedPdf = await call(b.url, 'GET', new URL(links.pdf).pathname);
      expect(signedPdf.body.equals(pdf)).toBe(true);
    });

    it('accepts on B a receiver session opened on A, and refuses it on B after logout on A', async () => {
      const invoiceIssuer = await call(a.url, 'POST', '/api/company/auth', {
        body: { ruc: invoice.emisor, password: ISSUER_PASSWORD },
      });
      const published = await call(b.url, 'POST', '/api/company/documents', {
        token: invoiceIssuer.json<{ token: string }>().token,
        body: { xml: (await fixture(invoice.file)).toString('base64'), pdf: '' },
      });
      expect(published.status).toBe(200);
      const registered = await call(b.url, 'POST', '/api/client/register', {
        body: {
          documento: invoice.cliente,
          nombres: 'RECEPTOR S.A.',
          password: RECEIVER_PASSWORD,
          repeat_password: RECEIVER_PASSWORD,
          comprobante: proof(invoice),
        },
      });
      expect(registered.status).toBe(200);
      const login = await call(a.url, 'POST', '/api/client/login', {
        body: { documento: invoice.cliente, password: RECEIVER_PASSWORD },
      });
      const token = login.json<{ token: string }>().token;
      const issuers = await call(b.url, 'GET', '/api/client/companies', { token });
      expect(issuers.status).toBe(200);
      expect(issuers.json<{ ruc: string }[]>().map((issuer) => issuer.ruc)).toEqual([
        invoice.emisor,
      ]);

      expect((await call(a.url, 'POST', '/api/client/logout', { token })).status).toBe(200);
      expect((await call(b.url, 'GET', '/api/client/companies', { token })).status).toBe(401);
    });

    it('throttles failed consultations spread over A and B as if one server saw them', async () => {
      const wrong = proof(sample, '999.99');
      const answers: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const instance = attempt % 2 === 0 ? a : b;
        answers.push(
          (await call(instance.url, 'POST', '/api/document/auth', { body: wrong })).status,
        );
      }
      // Five failures are allowed per target; the sixth, wherever it lands, is refused.
      expect(answers).toEqual([404, 404, 404, 404, 404, 429]);
    });

    it('keeps every document A acknowledged when A is killed mid-publish, and B serves throughout', async () => {
      const auth = await call(b.url, 'POST', '/api/company/auth', {
        body: { ruc: invoice.emisor, password: ISSUER_PASSWORD },
      });
      const token = auth.json<{ token: string }>().token;
      const acknowledged: number[] = [];
      let bFailures = 0;
      let killed = false;
      const publishOnA = async (worker: number) => {
        for (let n = worker; !killed; n += 4) {
          try {
            const answer = await call(a.url, 'POST', '/api/company/documents', {
              token,
              body: { xml: await numberedInvoice(n), pdf: '' },
            });
            if (answer.status === 200) acknowledged.push(n);
          } catch {
            return; // A is gone: the request was never acknowledged.
          }
        }
      };
      const watchB = async () => {
        while (!killed) {
          const health = await call(b.url, 'GET', '/health/ready').catch(() => null);
          if (health?.status !== 200) bFailures += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const load = Promise.all([0, 1, 2, 3].map(publishOnA).concat(watchB()));
      while (acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 10));
      await a.kill();
      killed = true;
      await load;

      expect(bFailures).toBe(0);
      for (const n of acknowledged) {
        const consulted = await call(b.url, 'POST', '/api/document/auth', {
          body: { ...proof(invoice), documento: `F500-${n}` },
        });
        expect(consulted.status, `F500-${n}`).toBe(200);
        const xml = await call(b.url, 'GET', '/api/document/resource/xml', {
          token: consulted.json<{ token: string }>().token,
        });
        expect(xml.body.toString('base64')).toBe(await numberedInvoice(n));
      }
    });
  },
);
