import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/types.js';

/**
 * Synthetic documents whose every field follows from their id, so a benchmark
 * can consult any of them without keeping a list: 1 000 issuers, 200 000
 * receivers, and one heavy receiver holding every twentieth document.
 */
export const HEAVY_RECEIVER = '20999999999';
const ISSUERS = 1000;

export interface SyntheticDocument {
  emisor: string;
  tipo: string;
  documento: string;
  fecha: string;
  total: string;
}

export function syntheticDocument(id: number): SyntheticDocument {
  const emisor = `20${String((id % ISSUERS) + 1).padStart(9, '0')}`;
  const tipoDigit = id % 10;
  const tipo = tipoDigit <= 5 ? '01' : tipoDigit <= 8 ? '03' : '07';
  const serie = `${tipo === '03' ? 'B' : 'F'}${String(Math.floor(id / 1000) % 100).padStart(3, '0')}`;
  const day = new Date(Date.UTC(2020, 0, 1) + (id % 1800) * 86_400_000).toISOString().slice(0, 10);
  const cents = (id * 7919) % 100_000_000;
  return {
    emisor,
    tipo,
    documento: `${serie}-${id}`,
    fecha: day,
    total: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
  };
}

/** Adds documents until there are `target`, in chunks, reporting progress. */
export async function fillDocuments(db: Kysely<Database>, target: number): Promise<void> {
  await sql`
    insert into companies (ruc, nombre, password_hash)
    select '20' || lpad(i::text, 9, '0'), 'EMISOR ' || i, 'scrypt$1$1$1$x$x'
    from generate_series(1, ${ISSUERS}) i
    on conflict do nothing`.execute(db);
  const { rows } = await sql<{ max: number | null }>`select max(id) as max from documents`.execute(
    db,
  );
  let done = rows[0]?.max ?? 0;
  const chunk = 500_000;
  while (done < target) {
    const to = Math.min(done + chunk, target);
    const started = performance.now();
    await sql`
      insert into documents (
        id, emisor, emisor_nombre, tipo, serie, numero, fecha, total, moneda,
        cliente_tipo, cliente_doc, cliente_nombre, xml_hash
      ) overriding system value
      select
        k,
        '20' || lpad(((k % ${ISSUERS}) + 1)::text, 9, '0'),
        'EMISOR ' || ((k % ${ISSUERS}) + 1),
        case when k % 10 <= 5 then '01' when k % 10 <= 8 then '03' else '07' end,
        case when k % 10 between 6 and 8 then 'B' else 'F' end || lpad(((k / 1000) % 100)::text, 3, '0'),
        k,
        date '2020-01-01' + (k % 1800)::int,
        ((k::bigint * 7919) % 100000000) / 100.0,
        'PEN',
        '6',
        case when k % 20 = 0 then ${HEAVY_RECEIVER} else '10' || lpad(((k::bigint * 31) % 200000)::text, 9, '0') end,
        'CLIENTE SINTETICO',
        repeat('0', 64)
      from generate_series(${done + 1}::int, ${to}::int) k`.execute(db);
    done = to;
    console.info(
      `  ${done.toLocaleString('en-US')} / ${target.toLocaleString('en-US')} documents (${((performance.now() - started) / 1000).toFixed(1)} s for this chunk)`,
    );
  }
  await sql`select setval(pg_get_serial_sequence('documents', 'id'), (select max(id) from documents))`.execute(
    db,
  );
  await sql`
    insert into client_issuers (cliente_doc, emisor)
    select distinct cliente_doc, emisor from documents where cliente_doc = ${HEAVY_RECEIVER}
    on conflict do nothing`.execute(db);
  // A settled table, as autovacuum leaves it after bulk inserts: its visibility
  // map set, so index-only scans read no heap.
  await sql`vacuum analyze documents`.execute(db);
}

/**
 * SUNAT's answers for the heavy receiver's documents, as after months of
 * checks: all but one in a hundred answered, one in two hundred voided, one in
 * a thousand unknown to SUNAT, the rest accepted. Written once.
 */
export async function answerHeavyReceiver(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ answered: boolean }>`
    select exists (select 1 from document_validity) as answered`.execute(db);
  if (rows[0]?.answered === true) return;
  await sql`
    insert into document_validity (document_id, estado_cp, checked_at)
    select id,
      case when id % 20000 = 20 then '0' when id % 4000 = 40 then '2' else '1' end,
      now()
    from documents
    where cliente_doc = ${HEAVY_RECEIVER} and id % 2000 <> 60`.execute(db);
  await sql`vacuum analyze document_validity, documents`.execute(db);
}
