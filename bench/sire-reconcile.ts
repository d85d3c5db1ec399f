/**
 * The whole reconciliation of a 100 000-row SIRE proposal against 100 000
 * documents held, as the server runs it (import, background job, CAR lookup
 * per batch, groups stored), as a ratio to parsing the same file alone in the
 * same process, and the memory it adds.
 *
 *   npm run bench sire-reconcile     # BENCH_SIRE_ROWS to change the row count;
 *                                    # TEST_DATABASE_URL for PostgreSQL (PGlite otherwise)
 *
 * Issue 23's budget: ≤ 15 s and ≤ 300 MB more memory.
 */
import { readProposal } from '@sufel/sire';
import { proposalFile } from '@sufel/sire/testing';
import { carOfDocument } from '../apps/server/src/modules/documents/document-car.js';
import { ReceiverAccessRepository } from '../apps/server/src/modules/receiver-access/receiver-access.repository.js';
import { ReceiversRepository } from '../apps/server/src/modules/receiver/receiver.repository.js';
import { buildTestApp } from '../apps/server/test/helpers/build-test-app.js';
import { syntheticProposalRow } from './lib/synthetic-proposal.js';

const ROWS = Number(process.env.BENCH_SIRE_ROWS ?? 100_000);
const RECEIVER = '20415932376';
const PERIOD = '202512';
const BUDGET_MS = 15_000;
const BUDGET_MB = 300;
const MB = 1024 * 1024;
const INSERT_BATCH = 2000;

function settle(): number {
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

async function main(): Promise<void> {
  const t = await buildTestApp({ jobWorkerOptions: { pollMs: 20 } });
  try {
    t.clock.now = new Date('2026-01-15T15:00:00Z');
    await new ReceiversRepository(t.database.db).insert(RECEIVER, 'RECEPTORA', 'x', new Date(0));
    // A verified account sees every issuer, so every held document is matched.
    await new ReceiverAccessRepository(t.database.db).verify(RECEIVER, 'operator', new Date(0));
    const rows = Array.from({ length: ROWS }, (_, index) =>
      syntheticProposalRow(index, RECEIVER, PERIOD),
    );
    // Every proposed row is held, with the amounts the proposal states.
    const heldStarted = performance.now();
    const suppliers = new Map(rows.map((row) => [row.supplierRuc, row.supplierName]));
    const issuers = [...suppliers].map(([ruc, nombre]) => ({ ruc, nombre, password_hash: 'x' }));
    for (let start = 0; start < issuers.length; start += INSERT_BATCH) {
      await t.database.db
        .insertInto('companies')
        .values(issuers.slice(start, start + INSERT_BATCH))
        .execute();
    }
    for (let start = 0; start < ROWS; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH).map((row) => {
        const key = {
          emisor: row.supplierRuc,
          tipo: row.type ?? '01',
          serie: row.series,
          numero: Number(row.number),
        };
        const abs = (text: string | undefined) => (text ?? '0').replace('-', '');
        return {
          ...key,
          car: carOfDocument(key),
          emisor_nombre: row.supplierName,
          fecha: row.issueDate,
          total: abs(row.total),
          base_gravada: abs(row.baseDg),
          igv: abs(row.igvDg),
          importes_leidos: true,
          moneda: row.currency ?? 'PEN',
          cliente_tipo: '6',
          cliente_doc: RECEIVER,
          cliente_nombre: 'EMPRESA RECEPTORA DE MEDICIÓN S.A.C.',
          xml_hash: '0'.repeat(64),
        };
      });
      await t.database.db.insertInto('documents').values(batch).execute();
      const emisores = [...new Set(batch.map((doc) => doc.emisor))];
      await t.database.db
        .insertInto('client_issuers')
        .values(emisores.map((emisor) => ({ cliente_doc: RECEIVER, emisor })))
        .onConflict((oc) => oc.columns(['cliente_doc', 'emisor']).doNothing())
        .execute();
    }
    const heldMs = performance.now() - heldStarted;
    const bytes = proposalFile(rows, { format: 'csv' });
    rows.length = 0;

    // The floor: the same bytes parsed alone, in 64 KB pieces as the server streams them.
    let parseMs = Infinity;
    for (let round = 0; round < 2; round++) {
      const started = performance.now();
      let read = 0;
      const chunks = function* () {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
          yield bytes.subarray(offset, offset + 64 * 1024);
        }
      };
      for await (const entry of readProposal(chunks())) if (entry.kind === 'row') read++;
      if (read !== ROWS) throw new Error(`parsed ${read} rows`);
      parseMs = Math.min(parseMs, performance.now() - started);
    }

    const before = settle();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const { reconciliation } = await t.services.reconciliations.importFile(RECEIVER, {
      name: 'propuesta.csv',
      bytes,
    });
    let done = reconciliation;
    while (done.estado === 'procesando') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done = await t.services.reconciliations.find(RECEIVER, reconciliation.id);
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (done.estado !== 'listo') throw new Error(`ended ${done.estado}: ${done.mensaje}`);
    const growthMb = (peak - before) / MB;
    console.log(
      `SIRE reconciliation: ${ROWS.toLocaleString('en')}-row proposal (${(bytes.length / MB).toFixed(1)} MB CSV) ` +
        `against ${ROWS.toLocaleString('en')} documents held (stored in ${(heldMs / 1000).toFixed(1)} s), ` +
        `${process.env.TEST_DATABASE_URL === undefined ? 'PGlite' : 'PostgreSQL'}\n`,
    );
    console.log(`parse alone        ${parseMs.toFixed(0).padStart(8)} ms`);
    console.log(
      `reconciliation     ${ms.toFixed(0).padStart(8)} ms   ${(ms / parseMs).toFixed(1)}× parsing   ${((ms / BUDGET_MS) * 100).toFixed(0)} % of 15 s`,
    );
    console.log(
      `memory growth      ${growthMb.toFixed(0).padStart(8)} MB   ${((growthMb / BUDGET_MB) * 100).toFixed(0)} % of 300 MB (resident set, peak over the run)`,
    );
    console.log(`groups             ${JSON.stringify(done.resumen)}`);
  } finally {
    await t.close();
  }
}

await main();
