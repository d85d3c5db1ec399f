import type { Kysely } from 'kysely';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { BlobIndexRepository } from './blob-index.repository.js';
import type { FileDriver, FileStore } from './file-store.js';
import { LocalFileStore } from './local-file-store.js';
import { PostgresFileStore } from './postgres-file-store.js';
import { S3FileStore } from './s3-file-store.js';

export interface OpenedFileStore {
  store: FileStore;
  close(): void;
}

/** The file store a driver names, on this configuration's data directory, database or bucket. */
export async function openFileStore(
  driver: FileDriver,
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  db: Kysely<Database>,
): Promise<OpenedFileStore> {
  switch (driver) {
    case 'local': {
      const store = await LocalFileStore.open(
        path.join(config.dataDir, 'files'),
        new BlobIndexRepository(db),
      );
      return { store, close: () => {} };
    }
    case 'postgres':
      return { store: new PostgresFileStore(db), close: () => {} };
    case 's3': {
      if (config.s3 === undefined) throw new Error('FILES=s3 needs the S3_* settings');
      const store = S3FileStore.create(config.s3);
      return { store, close: () => store.close() };
    }
  }
}
