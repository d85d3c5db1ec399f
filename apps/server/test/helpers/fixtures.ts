import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The real UBL samples kept with the UBL package. */
const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../../packages/ubl/test/fixtures');

export function fixture(name: string): Promise<Buffer> {
  return readFile(path.join(FIXTURES_DIR, name));
}

export async function fixtureBase64(name: string): Promise<string> {
  return (await fixture(name)).toString('base64');
}

/** Facts of the samples the API tests publish (from the fixtures' MANIFEST.tsv). */
export const SAMPLES = {
  factura3: {
    file: '20606433094-01-F001-3.xml',
    emisor: '20606433094',
    tipo: '01',
    documento: 'F001-3',
    fecha: '2024-11-25',
    total: '1180.00',
    cliente: '20415932376',
  },
  factura4: {
    file: '20606433094-01-F001-4.xml',
    emisor: '20606433094',
    tipo: '01',
    documento: 'F001-4',
    fecha: '2024-11-26',
    total: '423225.00',
    cliente: '20415932376',
  },
  notaCredito1: {
    file: '20606433094-07-F001-1.xml',
    emisor: '20606433094',
    tipo: '07',
    documento: 'F001-1',
    fecha: '2024-11-25',
    total: '0.00',
    cliente: '20415932376',
  },
  boleta1: {
    file: '20606433094-03-B001-1.xml',
    emisor: '20606433094',
    tipo: '03',
    documento: 'B001-1',
    fecha: '2024-11-26',
    total: '1660.60',
    cliente: '45288569',
  },
  ubl20Factura: {
    file: '20600055519-01-FF60-4.xml',
    emisor: '20600055519',
    tipo: '01',
    documento: 'FF60-4',
    fecha: '2017-09-23',
    total: '590.00',
    cliente: '20100070970',
  },
  debitNoteInvalidRucCustomer: {
    file: '20600995805-08-F001-0005.xml',
    emisor: '20600995805',
    tipo: '08',
    documento: 'F001-0005',
    fecha: '2016-03-23',
    total: '1250.00',
    cliente: '20587896411',
  },
  creditNoteWithCdr: {
    file: '20000000001-07-F001-1.xml',
    cdr: 'efact_cdr1.xml',
    emisor: '20000000001',
    tipo: '07',
    documento: 'F001-1',
    fecha: '2018-01-26',
    total: '11.80',
    cliente: '41448601',
  },
  /** A percepción (code 51, factor 0.02) made for the tests. */
  perceptionInvoice: {
    file: '20552187343-01-F001-51.xml',
    emisor: '20552187343',
    tipo: '01',
    documento: 'F001-51',
    fecha: '2025-03-14',
    total: '3304.00',
    cliente: '20490118269',
  },
  /** An IGV retention (code 62, factor 0.03) on credit in 2 cuotas, made for the tests. */
  retentionInvoice: {
    file: '20611734027-01-F001-62.xml',
    emisor: '20611734027',
    tipo: '01',
    documento: 'F001-62',
    fecha: '2025-03-17',
    total: '1180.00',
    cliente: '20490118269',
  },
  /** A comprobante de retención (20): GASPERSOFT retained 30.00 from its supplier. */
  retentionReceipt: {
    file: '20606433094-20-R001-1.xml',
    emisor: '20606433094',
    tipo: '20',
    documento: 'R001-1',
    fecha: '2024-11-27',
    total: '30.00',
    cliente: '20454738056',
  },
  /** A comprobante de percepción (40) covering two facturas, made for the tests. */
  perceptionReceipt: {
    file: '20552187343-40-P001-7.xml',
    emisor: '20552187343',
    tipo: '40',
    documento: 'P001-7',
    fecha: '2025-03-20',
    total: '205.60',
    cliente: '20490118269',
  },
} as const;

export type Sample = (typeof SAMPLES)[keyof typeof SAMPLES];

/** The factura3 sample renumbered F500-n (base64), so a test can publish many distinct documents. */
export async function numberedInvoice(n: number): Promise<string> {
  const template = (await fixture(SAMPLES.factura3.file)).toString('utf8');
  return Buffer.from(
    template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F500-${n}</cbc:ID>`),
  ).toString('base64');
}
