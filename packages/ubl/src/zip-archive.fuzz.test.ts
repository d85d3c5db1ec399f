import fc from 'fast-check';
import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { syntheticCdr } from '../test/synthetic-documents.js';
import { fuzzParameters } from '../test/ubl-mutations.js';
import { zip64Stored } from '../test/zip-files.js';
import { UblError } from './errors.js';
import { openZip, type ZipArchive } from './zip-archive.js';

/**
 * Mutated and generated archives: the reader answers entries or a UblError,
 * never another exception, and never gives out more than its limits allow.
 */

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const LIMIT = 4 * 1024 * 1024;

const seeds: Uint8Array[] = [
  fixtureBytes('R-20100454523-01-F001-00004355.zip'),
  fixtureBytes('R-20600995805-01-F001-2.zip'),
  zipSync({
    'facturas/': {},
    'facturas/20606433094-01-F001-3.xml': fixtureBytes('20606433094-01-F001-3.xml'),
    'R-20606433094-01-F001-3.zip': zipSync({ 'R-1.xml': encode(syntheticCdr('0')) }),
    'leeme.txt': [encode('hola'), { level: 0 }],
  }),
  zip64Stored({ 'a.xml': encode('<a/>'), 'b.xml': encode('<b>texto</b>') }),
];

/** Flipped bytes, 32-bit fields overwritten (sizes, offsets), cuts and repeated slices. */
function mutatedZip(): fc.Arbitrary<Uint8Array> {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('byte'), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('word'), at: fc.nat(), value: fc.nat() }),
    fc.record({ kind: fc.constant('cut'), at: fc.nat(), value: fc.nat() }),
    fc.record({ kind: fc.constant('repeat'), at: fc.nat(), value: fc.nat(400) }),
  );
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 4 }))
    .map(([seed, edits]) => {
      let bytes = seed.slice();
      for (const { kind, at, value } of edits) {
        const position = at % Math.max(bytes.length, 1);
        if (kind === 'byte') bytes[position] = value;
        else if (kind === 'word' && position + 4 <= bytes.length) {
          new DataView(bytes.buffer).setUint32(position, value, true);
        } else if (kind === 'cut') bytes = bytes.slice(0, position);
        else if (kind === 'repeat') {
          const slice = bytes.slice(position, position + value);
          const joined = new Uint8Array(bytes.length + slice.length);
          joined.set(bytes.subarray(0, position));
          joined.set(slice, position);
          joined.set(bytes.subarray(position), position + slice.length);
          bytes = joined;
        }
      }
      return bytes;
    });
}

/** Every byte the archive gives out, its CDR archives' included, or null when refused. */
function readEverything(zip: Uint8Array): number | null {
  try {
    let total = 0;
    const readArchive = (archive: ZipArchive): void => {
      for (const entry of archive.entries) {
        const bytes = entry.read();
        expect(bytes.length).toBe(entry.size);
        total += bytes.length;
        if (entry.cdrArchive) readArchive(archive.openNested(entry));
      }
    };
    readArchive(openZip(zip, { maxTotalBytes: LIMIT }));
    return total;
  } catch (error) {
    if (error instanceof UblError && error.message.length > 0) return null;
    throw error;
  }
}

const segment = fc
  .stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,11}$/)
  .filter((part) => part !== '..');
const safeName = fc
  .tuple(fc.array(segment, { maxLength: 3 }), segment, fc.constantFrom('xml', 'pdf', 'txt'))
  .map(([folders, base, extension]) => [...folders, `${base}.${extension}`].join('/'));

describe('the ZIP reader', () => {
  it(
    'answers entries or a UblError for mutated archives, within its limits',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(mutatedZip(), (zip) => {
          const total = readEverything(zip);
          if (total !== null) expect(total).toBeLessThanOrEqual(2 * LIMIT);
        }),
        fuzzParameters('ZIP reader fuzz', 1_500),
      );
    },
  );

  it('gives back what was put in an archive with safe names', () => {
    fc.assert(
      fc.property(
        fc.dictionary(safeName, fc.uint8Array({ maxLength: 2_000 }), { minKeys: 1, maxKeys: 8 }),
        fc.boolean(),
        (files, stored) => {
          // "<" first: content never starts like an archive, which is refused on its own.
          const contents: Zippable = {};
          for (const [name, bytes] of Object.entries(files)) {
            contents[name] = [Uint8Array.of(0x3c, ...bytes), { level: stored ? 0 : 6 }];
          }
          const archive = openZip(zipSync(contents), { maxRatio: 1_100 });
          expect(
            Object.fromEntries(archive.entries.map((entry) => [entry.name, entry.read()])),
          ).toEqual(
            Object.fromEntries(
              Object.entries(files).map(([name, bytes]) => [name, Uint8Array.of(0x3c, ...bytes)]),
            ),
          );
        },
      ),
      fuzzParameters('ZIP round trip', 200),
    );
  });

  it('refuses every name that escapes its folder', () => {
    const escape = fc.constantFrom('../', '..\\', '/', '\\', 'C:\\', 'z:', '\\\\servidor\\');
    fc.assert(
      fc.property(safeName, escape, fc.nat(3), (name, prefix, depth) => {
        const escaping = `${'a/'.repeat(depth)}${prefix}${name}`.replace(
          /^a\/(?=[A-Za-z]:|[/\\])/,
          '',
        );
        const unsafe = /(^|[/\\])\.\.([/\\]|$)|^[/\\]|^[A-Za-z]:/.test(escaping);
        fc.pre(unsafe);
        try {
          openZip(zipSync({ [escaping]: encode('<a/>') }));
        } catch (error) {
          expect(error).toBeInstanceOf(UblError);
          expect((error as UblError).code).toBe('unsafe_archive');
          return;
        }
        throw new Error(`accepted ${escaping}`);
      }),
      fuzzParameters('ZIP names', 300),
    );
  });
});
