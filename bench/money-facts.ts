/**
 * Reading the money facts (detracción, percepción, retention, payment form and
 * instalments) of stored documents, the work of the backfill that fills them
 * in for documents already held: `npm run bench:money`.
 *
 * The documents are the package's samples that the reader accepts, those with
 * every withholding shape among them, read one after another until there are
 * BENCH_MONEY_DOCUMENTS (default 20 000). Printed in documents/s and as ratios
 * to plain parsing of the same documents in this process, best of three rounds.
 * The backfill must reach 1 000 documents/s, so reading must stay well above.
 */
import { moneySummaryOf, parseUblDocument, readMoneyFacts } from '@sufel/ubl';
import { fixtureBytes, readManifest } from '../packages/ubl/test/fixtures.js';

const COUNT = Number(process.env.BENCH_MONEY_DOCUMENTS ?? 20_000);
const ROUNDS = 3;
const TARGET_PER_SECOND = 1_000;

const samples = readManifest()
  .filter((row) => ['invoice', 'boleta', 'credit', 'debit'].includes(row.kind!))
  .filter((row) => !/is not 11 digits/.test(row.notes!))
  .map((row) => fixtureBytes(row.file!));
const documents = Array.from({ length: COUNT }, (_, index) => samples[index % samples.length]!);

function perSecond(read: (bytes: Uint8Array) => unknown): number {
  const started = performance.now();
  for (const bytes of documents) read(bytes);
  return documents.length / ((performance.now() - started) / 1000);
}

const readers = {
  'plain parsing (parseUblDocument)': (bytes: Uint8Array) => parseUblDocument(bytes),
  'money facts alone (readMoneyFacts)': (bytes: Uint8Array) => readMoneyFacts(bytes),
  'parsing + summary (as on publish)': (bytes: Uint8Array) =>
    moneySummaryOf(parseUblDocument(bytes).payment),
};

for (const read of Object.values(readers)) for (const bytes of samples) read(bytes);
const best = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, read] of Object.entries(readers)) {
    best.set(label, Math.max(best.get(label) ?? 0, perSecond(read)));
  }
}

const baseline = best.get('plain parsing (parseUblDocument)')!;
console.info(`${COUNT} documents (${samples.length} samples in turn), best of ${ROUNDS} rounds:`);
for (const [label, rate] of best) {
  console.info(
    `${label.padEnd(38)} ${String(Math.round(rate)).padStart(7)} documents/s  ×${(rate / baseline).toFixed(2)}`,
  );
}
const facts = best.get('money facts alone (readMoneyFacts)')!;
console.info(
  `\nmoney facts: ${Math.round(facts)} documents/s, ×${(facts / TARGET_PER_SECOND).toFixed(1)} the backfill's ${TARGET_PER_SECOND}/s: ${facts >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`,
);
