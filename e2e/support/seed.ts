import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_TOKEN, ROOT } from './portal.js';

const FIXTURES = path.join(ROOT, 'packages/ubl/test/fixtures');

export const ISSUER = { ruc: '20606433094', password: 'clave-emisor-e2e-1' };
export const RECEIVER_RUC = '20415932376';

/** The document the consultation journeys look up; its issuer sent this PDF with it. */
export const CONSULTED = {
  file: '20606433094-01-F001-3.xml',
  emisor: '20606433094',
  tipo: '01',
  documento: 'F001-3',
  fecha: '2024-11-25',
  fechaTexto: '25/11/2024',
  total: '1180.00',
};

/** Extra facturas to the receiver, so its dashboard has pages to go through. */
export const EXTRA_FACTURAS = 60;

export interface SeededFiles {
  xml: Buffer;
  pdf: Buffer;
}

async function api(base: string, method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A small but real PDF the issuer sends with the consulted document. */
export function issuerPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Publishes documents as the seeded issuer, failing on any it refuses. */
export async function publishAsIssuer(
  base: string,
  documents: readonly { xml: string; pdf?: string; cdr?: string }[],
): Promise<void> {
  const { token } = (await api(base, 'POST', '/api/company/auth', ISSUER)) as { token: string };
  const { results } = (await api(
    base,
    'POST',
    '/api/company/documents/batch',
    { documents },
    token,
  )) as { results: { status: number; message?: string }[] };
  const refused = results.filter((result) => result.status !== 200);
  if (refused.length > 0) throw new Error(`seed refused: ${JSON.stringify(refused)}`);
}

/** Registers the issuer and publishes the documents the journeys use, through the public API. */
export async function seedPortal(base: string): Promise<SeededFiles> {
  await api(
    base,
    'POST',
    '/api/companies',
    { ruc: ISSUER.ruc, nombre: 'GASPERSOFT S.A.C.', password: ISSUER.password },
    ADMIN_TOKEN,
  );
  const xml = await readFile(path.join(FIXTURES, CONSULTED.file));
  const pdf = issuerPdf();
  const template = xml.toString('latin1');
  const others = await Promise.all(
    ['20606433094-01-F001-4.xml', '20606433094-07-F001-1.xml', '20606433094-03-B001-1.xml'].map(
      (file) => readFile(path.join(FIXTURES, file)),
    ),
  );
  await publishAsIssuer(base, [
    { xml: xml.toString('base64'), pdf: pdf.toString('base64') },
    ...others.map((bytes) => ({ xml: bytes.toString('base64') })),
    ...Array.from({ length: EXTRA_FACTURAS }, (_, index) => ({
      xml: Buffer.from(
        template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F001-${100 + index}</cbc:ID>`),
        'latin1',
      ).toString('base64'),
    })),
  ]);
  return { xml, pdf };
}

/**
 * Publishes the seeded credit note F001-1 again with SUNAT's answer to the
 * factura F001-1 (an OSE's CDR rewritten for the seeded issuer): a CDR of
 * another document, which SUFEL keeps but never shows as this note's acceptance.
 */
export async function attachCdrOfAnotherDocument(base: string): Promise<void> {
  const [note, cdr] = await Promise.all(
    ['20606433094-07-F001-1.xml', 'efact_cdr1.xml'].map((file) =>
      readFile(path.join(FIXTURES, file)),
    ),
  );
  const rewritten = cdr!.toString('utf8').replaceAll('20000000001', ISSUER.ruc);
  await publishAsIssuer(base, [
    { xml: note!.toString('base64'), cdr: Buffer.from(rewritten).toString('base64') },
  ]);
}

/**
 * Another issuer publishing to the same receiver: an account proved with a
 * document of ISSUER sees none of these until it adds this issuer.
 */
export const SECOND_ISSUER = {
  ruc: '20338570041',
  nombre: 'DISTRIBUIDORA ANDINA S.A.C.',
  password: 'clave-emisor-e2e-2',
};
export const SECOND_ISSUER_DOCUMENTS = 3;

/** The first of SECOND_ISSUER's documents, as printed: what "Agregar emisor" asks. */
export const SECOND_PROOF = {
  emisor: SECOND_ISSUER.ruc,
  documento: 'F002-1',
  fechaTexto: CONSULTED.fechaTexto,
  total: CONSULTED.total,
};

/**
 * Registers SECOND_ISSUER and publishes its documents to the receiver: the
 * consulted document's XML, issued by it as F002-1, F002-2….
 */
export async function seedSecondIssuer(base: string): Promise<void> {
  const { ruc, nombre, password } = SECOND_ISSUER;
  await api(base, 'POST', '/api/companies', { ruc, nombre, password }, ADMIN_TOKEN);
  const { token } = (await api(base, 'POST', '/api/company/auth', { ruc, password })) as {
    token: string;
  };
  const template = (await readFile(path.join(FIXTURES, CONSULTED.file)))
    .toString('latin1')
    .replaceAll(CONSULTED.emisor, ruc)
    .replaceAll('GASPERSOFT EIRL', nombre);
  const documents = Array.from({ length: SECOND_ISSUER_DOCUMENTS }, (_, index) => ({
    xml: Buffer.from(
      template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F002-${index + 1}</cbc:ID>`),
      'latin1',
    ).toString('base64'),
  }));
  const { results } = (await api(
    base,
    'POST',
    '/api/company/documents/batch',
    { documents },
    token,
  )) as { results: { status: number; message?: string }[] };
  const refused = results.filter((result) => result.status !== 200);
  if (refused.length > 0) throw new Error(`second issuer refused: ${JSON.stringify(refused)}`);
}

/**
 * The consulted factura (subject to detracción) renumbered and sold on credit:
 * what is left after the detracción (S/ 1,057.00) in two instalments of
 * S/ 528.50, due on the given days.
 */
export async function onCreditFactura(number: string, dueDays: [string, string]): Promise<string> {
  const template = (await readFile(path.join(FIXTURES, CONSULTED.file))).toString('latin1');
  const cuota = (place: number, due: string) =>
    `<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Cuota00${place}</cbc:PaymentMeansID>` +
    `<cbc:Amount currencyID="PEN">528.50</cbc:Amount><cbc:PaymentDueDate>${due}</cbc:PaymentDueDate></cac:PaymentTerms>`;
  const credit = template
    .replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`)
    .replace(
      /<cbc:PaymentMeansID>Contado<\/cbc:PaymentMeansID>\s*<\/cac:PaymentTerms>/,
      `<cbc:PaymentMeansID>Credito</cbc:PaymentMeansID><cbc:Amount currencyID="PEN">1057.00</cbc:Amount></cac:PaymentTerms>${cuota(1, dueDays[0])}${cuota(2, dueDays[1])}`,
    );
  if (!credit.includes('Cuota002')) throw new Error('The factura template changed: no credit sale');
  return Buffer.from(credit, 'latin1').toString('base64');
}

/**
 * GASPERSOFT's comprobante de retención R001-1 (it retained S/ 30.00 on a
 * factura of S/ 1,000.00), addressed to the journeys' receiver: the receiver
 * is the supplier it retained from.
 */
export async function retentionReceiptToReceiver(): Promise<string> {
  const receipt = (await readFile(path.join(FIXTURES, '20606433094-20-R001-1.xml'))).toString(
    'utf8',
  );
  const addressed = receipt.replace(
    /(<cac:ReceiverParty>\s*<cac:PartyIdentification>\s*<cbc:ID schemeID="6"[^>]*>)20454738056</,
    `$1${RECEIVER_RUC}<`,
  );
  if (addressed === receipt) throw new Error('The retention fixture changed: no supplier RUC');
  return Buffer.from(addressed, 'utf8').toString('base64');
}
