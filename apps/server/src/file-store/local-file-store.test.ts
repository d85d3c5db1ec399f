import { sql } from 'kysely';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { BlobIndexRepository } from './blob-index.repository.js';
import { BlobNotFoundError, sha256Hex, storeFiles } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';

const text = (value: string) => new TextEncoder().encode(value);

async function packFiles(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'packs'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('LocalFileStore (the local driver)', () => {
  let database: TestDatabase;
  let root: string;
  let store: LocalFileStore;
  const now = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  beforeEach(async () => {
    await sql`delete from blobs`.execute(database.db);
    root = await mkdtemp(path.join(tmpdir(), 'sufel-blobs-'));
    store = await LocalFileStore.open(root, new BlobIndexRepository(database.db), () => now);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const put = async (bytes: Uint8Array) => (await storeFiles(store, database.db, [bytes]))[0]!;
  const putMany = (files: Uint8Array[]) => storeFiles(store, database.db, files);

  it('stores bytes under their SHA-256 and reads them back', async () => {
    const hash = await put(text('<Invoice/>'));
    expect(hash).toBe('b8dbbfb2620e9346480364a8d935a0ff2038ce9bac7738f5ec58f22e639d2607');
    expect(Buffer.from(await store.read(hash)).toString()).toBe('<Invoice/>');
    expect(await store.has(hash)).toBe(true);
  });

  it('writes a batch into one pack of the month and answers hashes in order', async () => {
    const [a, b] = [text('primero'), text('segundo, más largo')];
    const hashes = await putMany([a, b, a]);
    expect(hashes).toEqual([sha256Hex(a), sha256Hex(b), sha256Hex(a)]);
    expect(await packFiles(root)).toHaveLength(1);
    expect(await readdir(path.join(root, 'packs', '2026'))).toEqual(['11']);
    expect(Buffer.from(await store.read(hashes[1]!)).toString()).toBe('segundo, más largo');
    expect(Buffer.from(await store.read(hashes[0]!)).toString()).toBe('primero');
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('is idempotent: known content is not written again', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    await put(bytes);
    await putMany([bytes, bytes]);
    expect(await packFiles(root)).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from blobs`.execute(
      database.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('survives concurrent writes of the same content', async () => {
    const bytes = new Uint8Array(100_000).fill(7);
    const hashes = await Promise.all(Array.from({ length: 8 }, () => put(bytes)));
    expect(new Set(hashes).size).toBe(1);
    expect((await store.read(hashes[0]!)).length).toBe(100_000);
  });

  it('leaves no index entry when the transaction that records it rolls back', async () => {
    const staged = await store.stage([text('sin fila')]);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await staged.record(trx);
        throw new Error('the document row failed');
      }),
    ).rejects.toThrow('the document row failed');
    expect(await store.has(staged.hashes[0]!)).toBe(false);
  });

  it('reports a missing file', async () => {
    expect(await store.has('a'.repeat(64))).toBe(false);
    await expect(store.read('a'.repeat(64))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('removes temporaries a crash left behind, and only those', async () => {
    const stale = path.join(root, 'tmp', 'left-by-a-crash');
    await writeFile(stale, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    await writeFile(path.join(root, 'tmp', 'being-written'), 'y');
    await LocalFileStore.open(root, new BlobIndexRepository(database.db));
    expect(await readdir(path.join(root, 'tmp'))).toEqual(['being-written']);
  });
});
