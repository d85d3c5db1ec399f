import {
  DocumentDetailSchema,
  DocumentSchema,
  IssuerSummarySchema,
  ReceiverAccessSchema,
  type DocumentDetail,
  type DocumentDto,
  type ReceiverAccess,
  type Verdict,
} from '@sufel/contract';

/** Factura F001-3 of the real sample 20606433094-01-F001-3.xml (detraction, paid cash). */
export const factura: DocumentDto = DocumentSchema.parse({
  id: 1,
  emisor: '20606433094',
  emisor_nombre: 'GASPERSOFT EIRL',
  tipo: '01',
  serie: 'F001',
  correlativo: '3',
  fecha: '2024-11-25',
  total: 1180,
  moneda: 'PEN',
  cliente_tipo: '6',
  cliente_doc: '20415932376',
  cliente_nombre: 'COCA-COLA SERVICIOS DE PERU S.A',
  baja: false,
  cdr: true,
  estado_sunat: 'aceptado',
  estado: 'aceptado',
  origen: 'emisor',
  firma: {
    estado: 'valida',
    firmante: 'NOMBRE REPRESENTANTE LEGAL',
    ruc: '20606433094',
    vigencia_desde: '2024-11-20T04:50:55.000Z',
    vigencia_hasta: '2026-11-20T04:50:55.000Z',
    emitido_en_vigencia: true,
  },
});

export const facturaDetail: DocumentDetail = DocumentDetailSchema.parse({
  ublVersion: '2.1',
  issuer: {
    ruc: '20606433094',
    name: 'GASPERSOFT EIRL',
    tradeName: null,
    address: 'CAL. LOS LIRIOS INT. 20 LT. 1 MZ. B URB. MONTEGRANDE, PUENTE PIEDRA, LIMA',
  },
  customer: {
    documentType: '6',
    documentNumber: '20415932376',
    name: 'COCA-COLA SERVICIOS DE PERU S.A',
    address: null,
  },
  issueDate: '2024-11-25',
  issueTime: '05:06:45',
  dueDate: null,
  currency: 'PEN',
  lines: [
    {
      id: '1',
      code: '00001',
      description: 'SERVICIO DESARROLLO SOFTWARE',
      quantity: '1.0000000000',
      unitCode: 'NIU',
      unitValue: '1000.00',
      unitPrice: '1180.00',
      lineTotal: '1000.00',
      taxAmount: '180.00',
      taxExemptionCode: '10',
      free: false,
    },
  ],
  taxes: [{ code: '1000', name: 'IGV', taxableAmount: '1000.00', amount: '180.00' }],
  totals: {
    lineExtension: '1000.00',
    taxExclusive: null,
    taxInclusive: '1180.00',
    allowance: null,
    charge: null,
    prepaid: null,
    tax: '180.00',
    payable: '1180.00',
  },
  notes: [{ code: '2006', text: 'Operación sujeta a detracción' }],
  payment: {
    method: 'Contado',
    pendingAmount: null,
    installments: [],
    detraction: { code: '022', percent: '12.00', amount: '123.00', account: '00-045-091619' },
  },
  reference: null,
  signature: { present: true, digestValue: 'Er333++127R4zFd4wOv27Rh4ZyEGpE42CT95ZCBsmnA=' },
  firma: factura.firma,
  sunat: { code: '0', description: 'La Factura numero F001-3, ha sido aceptada', observations: [] },
});

/** Credit note FC01-211 of the sample 20100454523-07-FC01-00000211.xml, voided for the tests. */
export const voidedCreditNote: DocumentDto = DocumentSchema.parse({
  id: 2,
  emisor: '20100454523',
  emisor_nombre: 'SOPORTE TECNOLOGICO EIRL',
  tipo: '07',
  serie: 'FC01',
  correlativo: '211',
  fecha: '2017-06-25',
  total: 9800,
  moneda: 'PEN',
  cliente_tipo: '6',
  cliente_doc: '20587896411',
  cliente_nombre: 'SERVICABINAS S.A.',
  baja: true,
  cdr: false,
  estado_sunat: 'anulado',
  estado: 'xml_alterado',
  origen: 'emisor',
  firma: {
    estado: 'invalida',
    firmante: 'NOMBRE REPRESENTANTE LEGAL',
    ruc: '20100454523',
    vigencia_desde: '2018-09-28T03:32:23.000Z',
    vigencia_hasta: '2020-09-27T03:32:23.000Z',
    emitido_en_vigencia: false,
  },
});

export const creditNoteDetail: DocumentDetail = DocumentDetailSchema.parse({
  ...facturaDetail,
  issuer: { ruc: '20100454523', name: 'SOPORTE TECNOLOGICO EIRL', tradeName: null, address: null },
  customer: {
    documentType: '6',
    documentNumber: '20587896411',
    name: 'SERVICABINAS S.A.',
    address: null,
  },
  issueDate: '2017-06-25',
  issueTime: null,
  lines: [
    {
      id: '1',
      code: 'GLG199',
      description: 'Grabadora LG Externo Modelo: GE20LU10',
      quantity: '2000',
      unitCode: 'NIU',
      unitValue: '83.05',
      unitPrice: '98.00',
      lineTotal: '166100.00',
      taxAmount: '29898.00',
      taxExemptionCode: '10',
      free: false,
    },
  ],
  taxes: [{ code: '1000', name: 'IGV', taxableAmount: '8305.08', amount: '1494.92' }],
  totals: {
    lineExtension: '8305.08',
    taxExclusive: null,
    taxInclusive: '9800.00',
    allowance: null,
    charge: null,
    prepaid: null,
    tax: '1494.92',
    payable: '9800.00',
  },
  notes: [],
  payment: null,
  reference: {
    type: '01',
    documentNumber: 'F001-4355',
    reasonCode: '01',
    reason: 'Unidades defectuosas, no leen CD que contengan archivos MP3',
  },
  firma: null,
  sunat: null,
});

/** Boleta in dollars, paid in two instalments. */
export const dollarBoleta: DocumentDto = DocumentSchema.parse({
  id: 3,
  emisor: '20338570041',
  emisor_nombre: 'COMERCIAL ANDINA S.A.C.',
  tipo: '03',
  serie: 'BB99',
  correlativo: '344',
  fecha: '2017-09-18',
  total: 1000,
  moneda: 'USD',
  cliente_tipo: '1',
  cliente_doc: '07976340',
  cliente_nombre: 'JUAN PEREZ QUISPE',
  baja: false,
  cdr: false,
  estado_sunat: 'sin_cdr',
  estado: 'sin_cdr',
  origen: 'emisor',
  firma: {
    estado: 'ausente',
    firmante: null,
    ruc: null,
    vigencia_desde: null,
    vigencia_hasta: null,
    emitido_en_vigencia: null,
  },
});

export const companies = IssuerSummarySchema.array().parse([
  { ruc: '20606433094', nombre: 'GASPERSOFT EIRL' },
  { ruc: '20100454523', nombre: 'SOPORTE TECNOLOGICO EIRL' },
]);

/** The receiver the client-area tests log in as, with a valid check digit. */
export const CLIENT_RUC = '20415932376';
export const CLIENT_PASSWORD = 'lucuma-pisco-73';

const ISSUERS = [
  { ruc: '20606433094', nombre: 'GASPERSOFT EIRL' },
  { ruc: '20100454523', nombre: 'SOPORTE TECNOLOGICO EIRL' },
] as const;
const TYPES = ['01', '03', '07', '08'] as const;

/** Verdicts that need a look, on the first page of the list. */
const VERDICT_OF_INDEX: Readonly<Record<number, Verdict>> = {
  1: 'anulado',
  3: 'xml_alterado',
  5: 'cdr_de_otro',
};

/**
 * Documents issued to CLIENT_RUC: 60 in November 2024 (three a day on the
 * 20th–26th and more before), enough for several pages.
 */
export const clientDocuments: DocumentDto[] = Array.from({ length: 60 }, (_, index) => {
  const issuer = ISSUERS[index % 2]!;
  const tipo = TYPES[index % 4]!;
  const day = 26 - Math.floor(index / 3);
  return DocumentSchema.parse({
    id: 100 + index,
    emisor: issuer.ruc,
    emisor_nombre: issuer.nombre,
    tipo,
    serie: `${tipo === '03' ? 'B' : 'F'}00${1 + (index % 3)}`,
    correlativo: String(1000 + index),
    fecha: `2024-11-${String(Math.max(day, 1)).padStart(2, '0')}`,
    total: 100 + index * 10.5,
    moneda: index % 5 === 0 ? 'USD' : 'PEN',
    cliente_tipo: '6',
    cliente_doc: CLIENT_RUC,
    cliente_nombre: 'COCA-COLA SERVICIOS DE PERU S.A',
    baja: index === 1,
    cdr: index % 2 === 0,
    estado_sunat: index === 1 ? 'anulado' : index % 2 === 0 ? 'aceptado' : 'sin_cdr',
    estado: VERDICT_OF_INDEX[index] ?? (index % 2 === 0 ? 'aceptado' : 'sin_cdr'),
    origen: index === 2 ? 'carga' : index === 4 ? 'correo' : 'emisor',
    firma: null,
  });
});

/** How receivers reach the operator (SUFEL_CONTACT), as the server answers it. */
export const OPERATOR_CONTACT = 'mailto:soporte@operador.pe';

/** CLIENT_RUC's access before any test adds an issuer: not verified, the two issuers above. */
export function unverifiedAccess(): ReceiverAccess {
  return ReceiverAccessSchema.parse({
    nombre: 'COCA-COLA SERVICIOS DE PERU S.A',
    verificado: false,
    verificadoPor: null,
    verificadoEn: null,
    emisores: [
      { ...ISSUERS[0], prueba: 'document', desde: '2024-11-20T15:30:00.000Z' },
      { ...ISSUERS[1], prueba: 'before_rule', desde: '2024-10-01T05:00:00.000Z' },
    ],
    contacto: OPERATOR_CONTACT,
  });
}
