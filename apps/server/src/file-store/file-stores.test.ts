import { sql } from 'kysely';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text as readStream } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  S3_SERVER_CHECKS_SIGNATURES,
  startS3Server,
  type TestS3Server,
} from '../../test/helpers/s3-server.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import {
  BlobNotFoundError,
  FILE_DRIVERS,
  FileStoreUnavailableError,
  sha256Hex,
  storeFiles,
  type FileStore,
} from './file-store.js';
import { openFileStore, type OpenedFileStore } from './open-file-store.js';
import { PostgresFileStore } from './postgres-file-store.js';
import { S3FileStore } from './s3-file-store.js';

const encode = (value: string) => new TextEncoder().encode(value);

let database: TestDatabase;
let s3: TestS3Server;
let dataDir: string;

beforeAll(async () => {
  [database, s3] = await Promise.all([createTestDatabase(), startS3Server()]);
  dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-files-'));
});
afterAll(async () => {
  await Promise.all([database.drop(), s3.close(), rm(dataDir, { recursive: true, force: true })]);
});

/** The same promises, whichever driver keeps the files. */
describe.each(FILE_DRIVERS)('the %s file driver', (driver) => {
  let opened: OpenedFileStore;
  let store: FileStore;

  beforeAll(async () => {
    opened = await openFileStore(driver, { dataDir, s3: s3.settings }, database.db);
    store = opened.store;
  });
  afterAll(() => opened.close());

  it('stores files under their SHA-256 and reads them back whole and streamed', async () => {
    const xml = encode(`<Invoice driver="${driver}"/>`);
    const [hash] = await storeFiles(store, database.db, [xml]);
    expect(hash).toBe(sha256Hex(xml));
    expect(Buffer.from(await store.read(hash!)).toString()).toBe(`<Invoice driver="${driver}"/>`);
    const opened = await store.open(hash!);
    expect(opened.size).toBe(xml.length);
    expect(await readStream(opened.body)).toBe(`<Invoice driver="${driver}"/>`);
    expect(await store.has(hash!)).toBe(true);
  });

  it('answers hashes in order, duplicates included, and stores known bytes again harmlessly', async () => {
    const [a, b] = [encode(`a-${driver}`), encode(`b-${driver}, más largo`)];
    const hashes = await storeFiles(store, database.db, [a, b, a]);
    expect(hashes).toEqual([sha256Hex(a), sha256Hex(b), sha256Hex(a)]);
    expect(await storeFiles(store, database.db, [b, a])).toEqual([sha256Hex(b), sha256Hex(a)]);
    expect(Buffer.from(await store.read(hashes[1]!)).toString()).toBe(`b-${driver}, más largo`);
  });

  it('streams a file of several megabytes unchanged', async () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 17).map((_, index) => (index * 31 + 7) % 251);
    const [hash] = await storeFiles(store, database.db, [big]);
    const opened = await store.open(hash!);
    expect(opened.size).toBe(big.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(sha256Hex(Buffer.concat(chunks))).toBe(hash);
  });

  it('survives concurrent writes of the same content', async () => {
    const bytes = new Uint8Array(100_000).fill(driver.length);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => storeFiles(store, database.db, [bytes])),
    );
    expect(new Set(results.map(([hash]) => hash)).size).toBe(1);
    expect((await store.read(results[0]![0]!)).length).toBe(100_000);
  });

  it('reports a missing file', async () => {
    const missing = 'f'.repeat(64);
    expect(await store.has(missing)).toBe(false);
    await expect(store.read(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.open(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('removes files only once the transaction that removes them commits', async () => {
    const [gone, kept] = [encode(`se va-${driver}`), encode(`se queda-${driver}`)];
    const [goneHash, keptHash] = await storeFiles(store, database.db, [gone, kept]);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await store.remove([goneHash!], trx);
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow();
    expect(await store.has(goneHash!)).toBe(true);

    const removed = await database.db
      .transaction()
      .execute((trx) => store.remove([goneHash!], trx));
    await removed.after();
    expect(await store.has(goneHash!)).toBe(false);
    await expect(store.read(goneHash!)).rejects.toBeInstanceOf(BlobNotFoundError);
    // Its neighbour, written in the same pack, is read as before.
    expect(Buffer.from(await store.read(keptHash!)).toString()).toBe(`se queda-${driver}`);
  });

  it('is ready', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('the local file driver', () => {
  it('deletes a pack once none of its files is left', async () => {
    const { store } = await openFileStore('local', { dataDir, s3: undefined }, database.db);
    const files = [encode('primero del paquete'), encode('segundo del paquete')];
    const hashes = await storeFiles(store, database.db, files);
    const { pack } = await database.db
      .selectFrom('blobs')
      .select('pack')
      .where('hash', '=', hashes[0]!)
      .executeTakeFirstOrThrow();
    const packFile = path.join(dataDir, 'files', pack);
    const removeOne = async (hash: string) => {
      const removed = await database.db.transaction().execute((trx) => store.remove([hash], trx));
      await removed.after();
    };
    await removeOne(hashes[0]!);
    expect(await stat(packFile).then(() => true)).toBe(true);
    await removeOne(hashes[1]!);
    await expect(stat(packFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('the postgres file driver', () => {
  it('keeps a file only if the transaction of its rows commits', async () => {
    const store = new PostgresFileStore(database.db);
    const staged = await store.stage([encode('vanishes with its row')]);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await staged.record(trx);
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow();
    expect(await store.has(staged.hashes[0]!)).toBe(false);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the s3 file driver when the object store fails', () => {
  const file = encode('<Invoice/>');

  async function expectFault(store: S3FileStore, fault: string) {
    const staging = store.stage([file]);
    await expect(staging).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(staging).rejects.toMatchObject({
      fault,
      statusCode: 503,
    });
    const error: unknown = await staging.catch((caught: unknown) => caught);
    expect((error as FileStoreUnavailableError).headers['retry-after']).toMatch(/^\d+$/);
    await expect(store.check()).rejects.toMatchObject({ fault });
    store.close();
  }

  it('reports an unreachable endpoint', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    await expectFault(S3FileStore.create({ ...s3.settings, endpoint }), 'unreachable');
  });

  it('reports an unknown access key', async () => {
    const store = S3FileStore.create({ ...s3.settings, accessKeyId: 'NOT-A-KNOWN-KEY' });
    await expectFault(store, 'credentials');
  });

  // s3rver checks the key id, not the SigV4 signature; a real gateway checks both.
  it.runIf(S3_SERVER_CHECKS_SIGNATURES)('reports a wrong secret key', async () => {
    const store = S3FileStore.create({ ...s3.settings, secretAccessKey: 'not-the-secret-key' });
    await expectFault(store, 'credentials');
  });

  it('reports a missing bucket', async () => {
    await expectFault(S3FileStore.create({ ...s3.settings, bucket: 'no-such-bucket' }), 'bucket');
  });

  it('answers a read fault as unavailable, not as a missing file', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const store = S3FileStore.create({ ...s3.settings, endpoint });
    await expect(store.read('a'.repeat(64))).rejects.toBeInstanceOf(FileStoreUnavailableError);
    store.close();
  });
});
