/**
 * Realistic documents for the printed-representation tests, modelled on the
 * SUNAT samples in the shared UBL fixtures (same parties, amounts and shapes),
 * written as the typed documents the UBL reader produces.
 */
import type { UblDocument, UblLine, UblPayment, UblTaxSubtotal } from '@sufel/ubl';

const DIGEST = 'Er333++127R4zFd4wOv27Rh4ZyEGpE42CT95ZCBsmnA=';

const GASPERSOFT = {
  ruc: '20606433094',
  name: 'GASPERSOFT EIRL',
  tradeName: null,
  address: 'CAL. LOS LIRIOS INT. 20 LT. 1 MZ. B URB. MONTEGRANDE, PUENTE PIEDRA - LIMA - LIMA',
};

function cashPayment(): UblPayment {
  return {
    method: 'Contado',
    pendingAmount: null,
    installments: [],
    detraction: null,
    perception: null,
    retention: null,
  };
}

function igv(taxableAmount: string, amount: string): UblTaxSubtotal {
  return { code: '1000', name: 'IGV', taxableAmount, amount };
}

function line(fields: Partial<UblLine> & Pick<UblLine, 'id' | 'description'>): UblLine {
  return {
    code: null,
    quantity: '1.0000000000',
    unitCode: 'NIU',
    unitValue: '0.00',
    unitPrice: null,
    lineTotal: '0.00',
    taxAmount: '0.00',
    taxExemptionCode: '10',
    free: false,
    ...fields,
  };
}

/** Factura F001-3 (PEN, cash) subject to detraction, as 20606433094-01-F001-3.xml. */
export function detractionInvoice(): UblDocument {
  return {
    ublVersion: '2.1',
    type: '01',
    id: 'F001-3',
    series: 'F001',
    number: '3',
    issueDate: '2024-11-25',
    issueTime: '05:06:45',
    dueDate: '2024-12-10',
    currency: 'PEN',
    issuer: GASPERSOFT,
    customer: {
      documentType: '6',
      documentNumber: '20415932376',
      name: 'COCA-COLA SERVICIOS DE PERU S.A',
      address: 'AV. REPÚBLICA DE PANAMÁ 4050, SURQUILLO - LIMA',
    },
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
    taxes: [igv('1000.00', '180.00')],
    lines: [
      line({
        id: '1',
        code: '00001',
        description: 'SERVICIO DESARROLLO SOFTWARE',
        unitCode: 'ZZ',
        unitValue: '1000.0000000000',
        unitPrice: '1180.0000000000',
        lineTotal: '1000.00',
        taxAmount: '180.00',
      }),
    ],
    notes: [
      { code: '1000', text: 'SON MIL CIENTO OCHENTA Y 00/100 SOLES' },
      { code: '2006', text: 'Operación sujeta a detracción' },
    ],
    payment: {
      method: 'Contado',
      pendingAmount: null,
      installments: [],
      detraction: {
        code: '022',
        percent: '12.00',
        amount: '142.00',
        account: '00-045-091619',
        paymentMeansCode: '001',
        legendOnly: false,
      },
      perception: null,
      retention: null,
    },
    reference: null,
    signature: { present: true, digestValue: DIGEST },
  };
}

/** Boleta B001-1 to a DNI with a line given for free, as 20606433094-03-B001-1.xml. */
export function boletaToDni(): UblDocument {
  return {
    ublVersion: '2.1',
    type: '03',
    id: 'B001-1',
    series: 'B001',
    number: '1',
    issueDate: '2024-11-26',
    issueTime: '00:39:57',
    dueDate: null,
    currency: 'PEN',
    issuer: { ...GASPERSOFT, tradeName: 'GASPERSOFT ELECTRO' },
    customer: {
      documentType: '1',
      documentNumber: '45288569',
      name: 'VELEZMORO SOZA JHON LARRY',
      address: null,
    },
    totals: {
      lineExtension: '1407.28',
      taxExclusive: null,
      taxInclusive: '1660.60',
      allowance: '74.07',
      charge: null,
      prepaid: null,
      tax: '253.31',
      payable: '1660.60',
    },
    taxes: [
      igv('1407.29', '253.31'),
      { code: '9996', name: 'GRA', taxableAmount: '4.80', amount: '0.00' },
    ],
    lines: [
      line({
        id: '1',
        code: 'REF564',
        description: 'REFRIGERADORA MARCA "AXM" NO FROST DE 200 LTRS.',
        unitValue: '845.7627118644',
        unitPrice: '998.0000000000',
        lineTotal: '845.76',
        taxAmount: '152.24',
      }),
      line({
        id: '2',
        code: 'COC124',
        description: 'COCINA A GAS GLP, MARCA "AXM" DE 5 HORNILLAS',
        unitValue: '635.5932203390',
        unitPrice: '750.0000000000',
        lineTotal: '635.59',
        taxAmount: '114.41',
      }),
      line({
        id: '3',
        code: 'NOB012',
        description: 'OLLA ARROCERA DE OBSEQUIO',
        unitValue: '0.0000000000',
        lineTotal: '4.80',
        taxExemptionCode: '31',
        free: true,
      }),
    ],
    notes: [
      {
        code: '1002',
        text: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
      },
    ],
    payment: cashPayment(),
    reference: null,
    signature: { present: true, digestValue: DIGEST },
  };
}

/** Credit note FC01-00000211 returning defective units of F001-4355, as the SUNAT guide example. */
export function creditNote(): UblDocument {
  return {
    ublVersion: '2.1',
    type: '07',
    id: 'FC01-00000211',
    series: 'FC01',
    number: '211',
    issueDate: '2017-06-25',
    issueTime: '20:25:41',
    dueDate: null,
    currency: 'PEN',
    issuer: {
      ruc: '20100454523',
      name: 'Soporte Tecnológicos EIRL',
      tradeName: 'Tu Soporte',
      address: 'AV. ARAMBURÚ 1150 OF. 302, SAN ISIDRO - LIMA',
    },
    customer: {
      documentType: '6',
      documentNumber: '20587896411',
      name: 'SERVICABINAS S.A.',
      address: 'JR. CAYLLOMA 580, CERCADO DE LIMA - LIMA',
    },
    totals: {
      lineExtension: '8305.08',
      taxExclusive: null,
      taxInclusive: '9800.00',
      allowance: '0.00',
      charge: null,
      prepaid: null,
      tax: '1494.92',
      payable: '9800.00',
    },
    taxes: [igv('8305.08', '1494.92')],
    lines: [
      line({
        id: '1',
        code: 'GLG199',
        description: 'Grabadora LG Externo Modelo: GE20LU10',
        quantity: '100',
        unitValue: '83.05',
        unitPrice: '98.00',
        lineTotal: '8305.08',
        taxAmount: '1494.92',
      }),
    ],
    notes: [],
    payment: null,
    reference: {
      type: '01',
      documentNumber: 'F001-4355',
      reasonCode: '07',
      reason: 'Unidades defectuosas, no leen CD que contengan archivos MP3',
    },
    signature: { present: true, digestValue: DIGEST },
  };
}

/** Debit note FD01-00000211 charging an increase in value over F001-4355. */
export function debitNote(): UblDocument {
  return {
    ...creditNote(),
    type: '08',
    id: 'FD01-00000211',
    series: 'FD01',
    totals: {
      lineExtension: '1059.32',
      taxExclusive: null,
      taxInclusive: '1250.00',
      allowance: null,
      charge: null,
      prepaid: null,
      tax: '190.68',
      payable: '1250.00',
    },
    taxes: [igv('1059.32', '190.68')],
    lines: [
      line({
        id: '1',
        code: 'GLG199',
        description: 'Ajuste de precio de grabadoras LG externas',
        unitValue: '1059.32',
        unitPrice: '1250.00',
        lineTotal: '1059.32',
        taxAmount: '190.68',
      }),
    ],
    reference: {
      type: '01',
      documentNumber: 'F001-4355',
      reasonCode: '02',
      reason: 'Aumento en el valor de la venta',
    },
  };
}

/** Factura FB98-01811 in US dollars on credit (two installments) with detraction. */
export function usdCreditInvoice(): UblDocument {
  return {
    ublVersion: '2.1',
    type: '01',
    id: 'FB98-01811',
    series: 'FB98',
    number: '1811',
    issueDate: '2021-01-19',
    issueTime: null,
    dueDate: '2022-02-28',
    currency: 'USD',
    issuer: {
      ruc: '20441053658',
      name: 'REPRESENTACIONES DORA BEATRIZ S.R.L.',
      tradeName: 'REPRESENTACIONES DORA BEATRIZ',
      address: 'AV. AUGUSTO B. LEGUÍA 1540, CHICLAYO - LAMBAYEQUE',
    },
    customer: {
      documentType: '6',
      documentNumber: '20536624636',
      name: 'ATC SITIOS DEL PERU SOCIEDAD COMERCIAL DE RESPONSABILIDAD LIMITADA',
      address: 'AV. EL DERBY 254 PISO 15, SANTIAGO DE SURCO - LIMA',
    },
    totals: {
      lineExtension: '618.40',
      taxExclusive: null,
      taxInclusive: '729.71',
      allowance: null,
      charge: null,
      prepaid: null,
      tax: '111.31',
      payable: '729.71',
    },
    taxes: [igv('618.40', '111.31')],
    lines: [
      line({
        id: '1',
        code: '9100',
        description: 'MANTENIMIENTO PREVENTIVO DE GRUPO ELECTRÓGENO',
        quantity: '19.0',
        unitCode: 'BX',
        unitValue: '10.0',
        unitPrice: '11.80',
        lineTotal: '190.00',
        taxAmount: '34.20',
      }),
      line({
        id: '2',
        code: '8510',
        description: 'REVISIÓN DE TABLEROS ELÉCTRICOS',
        quantity: '10.0',
        unitCode: 'BX',
        unitValue: '22.44',
        unitPrice: '26.48',
        lineTotal: '224.40',
        taxAmount: '40.39',
      }),
      line({
        id: '3',
        code: '8511',
        description: 'CAMBIO DE LUMINARIAS EN SALA DE EQUIPOS',
        quantity: '17.0',
        unitCode: 'BX',
        unitValue: '12.0',
        unitPrice: '14.16',
        lineTotal: '204.00',
        taxAmount: '36.72',
      }),
    ],
    notes: [{ code: null, text: 'Observaciones del comprobante' }],
    payment: {
      method: 'Credito',
      pendingAmount: '642.15',
      installments: [
        { id: 'Cuota001', amount: '370.71', dueDate: '2022-01-31' },
        { id: 'Cuota002', amount: '271.44', dueDate: '2022-02-28' },
      ],
      detraction: {
        code: '022',
        percent: '12.00',
        amount: '283.00',
        account: '00-741-123456',
        paymentMeansCode: '001',
        legendOnly: false,
      },
      perception: null,
      retention: null,
    },
    reference: null,
    signature: { present: false, digestValue: null },
  };
}

const LONG_DESCRIPTIONS = [
  'MONITOR LCD VIEWSONIC VG2028WM 20"',
  'MEMORIA DDR-3 B1333 KINGSTON 8 GB',
  'TECLADO MICROSOFT SIDEWINDER X6 CON TECLAS MACRO PROGRAMABLES, RETROILUMINACIÓN Y TECLADO NUMÉRICO DESMONTABLE',
  'GRABADORA LG EXTERNO MODELO: GE20LU10',
  'SERVICIO DE INSTALACIÓN Y CONFIGURACIÓN DE EQUIPOS EN SEDE DEL CLIENTE, INCLUYE TRASLADO DEL PERSONAL TÉCNICO',
  'WEB CAM GENIUS ISLIM 310',
];

function centsText(cents: bigint): string {
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** A factura with `lineCount` taxed lines, as a wholesale order of computer equipment. */
export function longInvoice(lineCount: number): UblDocument {
  const lines: UblLine[] = [];
  let taxable = 0n;
  let tax = 0n;
  for (let index = 0; index < lineCount; index += 1) {
    const quantity = BigInt((index % 7) + 1);
    const unitCents = BigInt(1250 + ((index * 3779) % 90000));
    const totalCents = quantity * unitCents;
    const taxCents = (totalCents * 18n + 50n) / 100n;
    taxable += totalCents;
    tax += taxCents;
    lines.push(
      line({
        id: String(index + 1),
        code: `P${String(1000 + index)}`,
        description: `${LONG_DESCRIPTIONS[index % LONG_DESCRIPTIONS.length]!} - ITEM ${index + 1}`,
        quantity: `${quantity}.00`,
        unitValue: centsText(unitCents),
        unitPrice: centsText((unitCents * 118n + 50n) / 100n),
        lineTotal: centsText(totalCents),
        taxAmount: centsText(taxCents),
      }),
    );
  }
  return {
    ...detractionInvoice(),
    id: 'F001-00004355',
    number: '4355',
    issueDate: '2024-11-26',
    dueDate: null,
    totals: {
      lineExtension: centsText(taxable),
      taxExclusive: null,
      taxInclusive: centsText(taxable + tax),
      allowance: null,
      charge: null,
      prepaid: null,
      tax: centsText(tax),
      payable: centsText(taxable + tax),
    },
    taxes: [igv(centsText(taxable), centsText(tax))],
    lines,
    notes: [],
    payment: cashPayment(),
  };
}

/** SUNAT's QR text of a document (SPEC §5), with the digest when signed. */
export function sunatQrText(doc: UblDocument): string {
  const igvAmount = doc.taxes.find((tax) => tax.code === '1000')?.amount ?? '0.00';
  const fields = [
    doc.issuer.ruc,
    doc.type,
    doc.series,
    doc.number,
    igvAmount,
    doc.totals.payable,
    doc.issueDate,
    doc.customer.documentType,
    doc.customer.documentNumber,
  ];
  const digest = doc.signature.digestValue;
  return `${fields.join('|')}|${digest ?? ''}`;
}
