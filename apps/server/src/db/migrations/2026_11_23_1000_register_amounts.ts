import { sql, type Kysely } from 'kysely';

const AMOUNTS = [
  'base_gravada',
  'exonerado',
  'inafecto',
  'gratuito',
  'igv',
  'isc',
  'icbper',
  'otros_cargos',
  'descuentos',
] as const;

const TEXTS: readonly (readonly [string, string])[] = [
  ['vencimiento', 'date'],
  ['ref_tipo', 'varchar(2)'],
  ['ref_serie', 'varchar(4)'],
  ['ref_numero', 'varchar(20)'],
  ['motivo_codigo', 'varchar(2)'],
  ['motivo', 'text'],
  ['cdr_codigo', 'varchar(4)'],
];

/**
 * The amounts a purchase register needs, read from the XML when a document is
 * published. Rows stored before this migration keep `importes_leidos` false
 * until the backfill reads their XML.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const columns = [
    ...AMOUNTS.map((name) => sql`add column ${sql.ref(name)} numeric(18, 2) not null default 0`),
    ...TEXTS.map(([name, type]) => sql`add column ${sql.ref(name)} ${sql.raw(type)}`),
    sql`add column importes_leidos boolean not null default false`,
  ];
  await sql`alter table documents ${sql.join(columns)}`.execute(db);
  // The backfill walks the rows still unread by id; this index shrinks as it goes.
  await sql`create index documents_importes_pendientes on documents (id) where not importes_leidos`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_importes_pendientes`.execute(db);
  const names = [...AMOUNTS, ...TEXTS.map(([name]) => name), 'importes_leidos'];
  await sql`alter table documents ${sql.join(names.map((name) => sql`drop column ${sql.ref(name)}`))}`.execute(
    db,
  );
}
