import { proposalFields, type ProposalRowInput } from '@sufel/sire/testing';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { carOfDocument } from '../../src/modules/documents/document-car.js';

/**
 * A receiver's documents and a proposal of December 2024 with one planted
 * case of every group, for the API tests and the end-to-end journey. Numbers
 * start at `base`, so several receivers can be planted in one database.
 */

export const PLANTED_PERIOD = '202412';
export const SUPPLIER_A = { ruc: '20100000011', name: 'COMERCIAL ÑAÑO & HIJOS S.A.C.' };
export const SUPPLIER_B = { ruc: '20100000022', name: "FERRETERÍA O'HIGGINS E.I.R.L." };

interface HeldInput {
  key: string;
  tipo: string;
  serie: string;
  fecha: string;
  total: string;
  base: string;
  igv: string;
  moneda?: string;
  baja?: boolean;
  /** Issued to another receiver: the account must not see it. */
  otherReceiver?: string;
}

/** Rows of each group the planted proposal yields (an unreadable row is counted apart). */
export const PLANTED_COUNTS = {
  duplicado: 1,
  anulado: 3,
  sin_xml: 2,
  conciliado: 3,
  diferencia_menor: 1,
  importe_distinto: 1,
  solo_en_sufel: 3,
  credito_en_riesgo: 1,
  boleta: 1,
} as const;

/** Line of the unreadable row (the header is line 1). */
export const PLANTED_ERROR_LINE = 13;

export interface PlantedCase {
  receiver: string;
  /** Document ids by case. */
  ids: Record<string, number>;
  /** Proposal rows, the unreadable one already spelt out. */
  rows: (ProposalRowInput | ReturnType<typeof proposalFields>)[];
}

const HELD: readonly HeldInput[] = [
  {
    key: 'conciliado',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-03',
    total: '1180.00',
    base: '1000.00',
    igv: '180.00',
  },
  {
    key: 'menor',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-04',
    total: '500.00',
    base: '423.73',
    igv: '76.27',
  },
  {
    key: 'distinto',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-05',
    total: '1000.00',
    base: '847.46',
    igv: '152.54',
  },
  {
    key: 'baja',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-06',
    total: '236.00',
    base: '200.00',
    igv: '36.00',
    baja: true,
  },
  {
    key: 'anuladoSunat',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-06',
    total: '354.00',
    base: '300.00',
    igv: '54.00',
  },
  {
    key: 'notaCredito',
    tipo: '07',
    serie: 'FC01',
    fecha: '2024-12-07',
    total: '118.00',
    base: '100.00',
    igv: '18.00',
  },
  {
    key: 'dolares',
    tipo: '01',
    serie: 'F002',
    fecha: '2024-03-15',
    total: '100.00',
    base: '84.75',
    igv: '15.25',
    moneda: 'USD',
  },
  {
    key: 'soloFactura',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-10',
    total: '590.00',
    base: '500.00',
    igv: '90.00',
  },
  {
    key: 'soloNotaDebito',
    tipo: '08',
    serie: 'FD01',
    fecha: '2024-11-20',
    total: '59.00',
    base: '50.00',
    igv: '9.00',
  },
  {
    key: 'creditoEnRiesgo',
    tipo: '01',
    serie: 'F001',
    fecha: '2023-12-20',
    total: '118.00',
    base: '100.00',
    igv: '18.00',
  },
  {
    key: 'boleta',
    tipo: '03',
    serie: 'B001',
    fecha: '2024-12-05',
    total: '59.00',
    base: '50.00',
    igv: '9.00',
  },
  {
    key: 'posterior',
    tipo: '01',
    serie: 'F001',
    fecha: '2025-01-05',
    total: '59.00',
    base: '50.00',
    igv: '9.00',
  },
  {
    key: 'ajeno',
    tipo: '01',
    serie: 'F001',
    fecha: '2024-12-08',
    total: '59.00',
    base: '50.00',
    igv: '9.00',
    otherReceiver: '20999999990',
  },
];

/** Stores the planted documents of `receiver` (numbers from `base`) and answers the proposal's rows. */
export async function plantProposalCase(
  db: Kysely<Database>,
  receiver: string,
  base: number,
): Promise<PlantedCase> {
  await db
    .insertInto('companies')
    .values(
      [SUPPLIER_A, SUPPLIER_B].map(({ ruc, name }) => ({ ruc, nombre: name, password_hash: 'x' })),
    )
    .onConflict((oc) => oc.column('ruc').doNothing())
    .execute();
  const ids: Record<string, number> = {};
  const number = new Map<string, number>();
  for (const [index, held] of HELD.entries()) {
    const key = {
      emisor: SUPPLIER_A.ruc,
      tipo: held.tipo,
      serie: held.serie,
      numero: base + index + 1,
    };
    number.set(held.key, key.numero);
    const owner = held.otherReceiver ?? receiver;
    const { id } = await db
      .insertInto('documents')
      .values({
        ...key,
        car: carOfDocument(key),
        emisor_nombre: SUPPLIER_A.name,
        fecha: held.fecha,
        total: held.total,
        base_gravada: held.base,
        igv: held.igv,
        importes_leidos: true,
        moneda: held.moneda ?? 'PEN',
        baja: held.baja ?? false,
        cliente_tipo: '6',
        cliente_doc: owner,
        cliente_nombre: `CLIENTE ${owner}`,
        xml_hash: '0'.repeat(64),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[held.key] = id;
  }
  await db
    .insertInto('client_issuers')
    .values({ cliente_doc: receiver, emisor: SUPPLIER_A.ruc })
    .onConflict((oc) => oc.columns(['cliente_doc', 'emisor']).doNothing())
    .execute();
  await db
    .insertInto('document_validity')
    .values({
      document_id: ids.anuladoSunat!,
      estado_cp: '2',
      estado_ruc: '00',
      cond_domi_ruc: '00',
      observaciones: '[]',
      checked_at: new Date('2025-01-10T15:00:00Z'),
    })
    .execute();

  const row = (key: string, amounts: Partial<ProposalRowInput>): ProposalRowInput => {
    const held = HELD.find((candidate) => candidate.key === key)!;
    return {
      receiverRuc: receiver,
      period: PLANTED_PERIOD,
      supplierRuc: SUPPLIER_A.ruc,
      supplierName: SUPPLIER_A.name,
      type: held.tipo,
      series: held.serie,
      number: number.get(key)!,
      issueDate: held.fecha,
      baseDg: held.base,
      igvDg: held.igv,
      total: held.total,
      currency: held.moneda ?? 'PEN',
      exchangeRate: held.moneda === 'USD' ? '3.373' : '1.000',
      ...amounts,
    };
  };
  const unreadable = proposalFields(row('soloFactura', {}));
  unreadable.baseDg = '12,50';
  const rows: PlantedCase['rows'] = [
    row('conciliado', {}),
    row('menor', { total: '500.40', baseDg: '424.07', igvDg: '76.33' }),
    row('distinto', { total: '1200.00', baseDg: '1016.95', igvDg: '183.05' }),
    row('baja', {}),
    row('anuladoSunat', {}),
    row('notaCredito', {
      total: '-118.00',
      baseDg: '-100.00',
      igvDg: '-18.00',
      modified: {
        issueDate: '2024-12-03',
        type: '01',
        series: 'F001',
        number: number.get('conciliado')!,
      },
    }),
    row('dolares', {}),
    {
      receiverRuc: receiver,
      period: PLANTED_PERIOD,
      supplierRuc: SUPPLIER_B.ruc,
      supplierName: SUPPLIER_B.name,
      series: 'F003',
      number: base + 50,
      issueDate: '2024-12-12',
      baseDg: '42.37',
      igvDg: '7.63',
      total: '50.00',
    },
    row('ajeno', {}),
    {
      receiverRuc: receiver,
      period: PLANTED_PERIOD,
      supplierRuc: SUPPLIER_B.ruc,
      supplierName: SUPPLIER_B.name,
      series: 'F003',
      number: base + 51,
      issueDate: '2024-12-13',
      baseDg: '84.75',
      igvDg: '15.25',
      total: '100.00',
      status: '2',
    },
    row('conciliado', {}),
    unreadable,
  ];
  return { receiver, ids, rows };
}
