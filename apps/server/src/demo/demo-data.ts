import path from 'node:path';

/** The sample documents of the repository, used as demo data. */
export const DEMO_FIXTURES_DIR = path.resolve(
  import.meta.dirname,
  '../../../../packages/ubl/test/fixtures',
);

export interface DemoIssuer {
  ruc: string;
  /** XML files in the fixtures folder. */
  documents: { xml: string }[];
}

/**
 * Issuers whose RUC passes the check digit, with their real sample documents.
 * The receiver below holds three of the first issuer's documents.
 */
export const DEMO_ISSUERS: readonly DemoIssuer[] = [
  {
    ruc: '20606433094',
    documents: [
      { xml: '20606433094-01-F001-3.xml' },
      { xml: '20606433094-01-F001-4.xml' },
      { xml: '20606433094-07-F001-1.xml' },
      { xml: '20606433094-03-B001-1.xml' },
      { xml: '20606433094-03-B001-2.xml' },
    ],
  },
  {
    ruc: '20600055519',
    documents: [{ xml: '20600055519-01-FF60-4.xml' }, { xml: '20600055519-01-FF70-63641764.xml' }],
  },
  {
    ruc: '20338570041',
    documents: [
      { xml: '20338570041-03-BB99-00031.xml' },
      { xml: '20338570041-03-BB99-00344.xml' },
      { xml: '20338570041-08-BB99-00370.xml' },
      { xml: '20338570041-08-FB99-00230.xml' },
    ],
  },
  {
    ruc: '20600995805',
    documents: [{ xml: '20600995805-03-B001-1.xml' }, { xml: '20600995805-08-F001-0005.xml' }],
  },
  { ruc: '20441053658', documents: [{ xml: '20441053658-01-F001-2.xml' }] },
  { ruc: '20305354563', documents: [{ xml: '20305354563-03-B561-365900.xml' }] },
  // Without efact_cdr1.xml, which is SUNAT's answer to the factura F001-1, not to this note.
  { ruc: '20000000001', documents: [{ xml: '20000000001-07-F001-1.xml' }] },
];

/** A receiver company with an account in the demo. */
export const DEMO_RECEIVER = {
  ruc: '20415932376',
  /** The document whose data proves the account. */
  proofXml: '20606433094-01-F001-3.xml',
} as const;

/** The document the start-up message invites to consult. */
export const DEMO_CONSULTATION = {
  emisor: '20606433094',
  tipo: '01',
  tipoNombre: 'Factura',
  documento: 'F001-3',
  fecha: '2024-11-25',
  total: '1180.00',
} as const;
