import { bench, describe } from 'vitest';
import { parseCdr, parseUblDocument } from '../src/index.js';
import { fixtureBytes, readManifest } from '../test/fixtures.js';

/**
 * Parse time per document, on the real samples. The server parses every
 * published XML (and CDR), so this bounds the publishes per second one core
 * can take. Run: npx vitest bench --project ubl --run
 */

const manifest = readManifest();
const receipts = manifest
  .filter((row) => ['invoice', 'boleta', 'credit', 'debit'].includes(row.kind!))
  .filter((row) => !/is not 11 digits/.test(row.notes!))
  .map((row) => fixtureBytes(row.file!));
const cdrs = manifest.filter((row) => row.kind === 'cdr').map((row) => fixtureBytes(row.file!));
const largest = fixtureBytes('20606433094-01-F001-4.xml');

describe('parseUblDocument', () => {
  bench(
    `all ${receipts.length} receipt samples, one after another (divide by ${receipts.length})`,
    () => {
      for (const bytes of receipts) parseUblDocument(bytes);
    },
  );

  bench(`largest sample (${largest.length} bytes, 5 lines, signed)`, () => {
    parseUblDocument(largest);
  });
});

describe('parseCdr', () => {
  bench(`all ${cdrs.length} CDR samples, ZIP and XML (divide by ${cdrs.length})`, () => {
    for (const bytes of cdrs) parseCdr(bytes);
  });
});
