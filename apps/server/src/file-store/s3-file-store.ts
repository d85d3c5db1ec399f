import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database } from '../db/types.js';
import {
  BlobNotFoundError,
  distinctFiles,
  FileStoreUnavailableError,
  type FileStore,
  type FileStoreFault,
  type RemovedFiles,
  type StagedFiles,
  type StoredFile,
} from './file-store.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Uploads of one batch in flight at once. */
const PARALLEL_UPLOADS = 8;

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'Forbidden',
  'InvalidToken',
  'ExpiredToken',
]);

function faultOf(error: unknown): FileStoreFault {
  if (!(error instanceof S3ServiceException)) return 'unreachable';
  if (error.name === 'NoSuchBucket') return 'bucket';
  const status = error.$metadata.httpStatusCode;
  if (CREDENTIAL_ERRORS.has(error.name) || status === 401 || status === 403) return 'credentials';
  return status === undefined ? 'unreachable' : 'failed';
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound') &&
    error.$metadata.httpStatusCode === 404
  );
}

function unavailable(error: unknown): FileStoreUnavailableError {
  return new FileStoreUnavailableError(faultOf(error), { cause: error });
}

function digest(algorithm: 'md5' | 'sha256', bytes: Uint8Array, encoding: 'hex' | 'base64') {
  return createHash(algorithm).update(bytes).digest(encoding);
}

/**
 * The `s3` file driver, for any S3-compatible object store (AWS S3, MinIO,
 * Ceph RGW, R2…). Objects are named by their SHA-256, so uploading the same
 * file again rewrites identical bytes and re-publishing is harmless. Every
 * upload carries its MD5 (checked by every S3 implementation) and SHA-256, and
 * is confirmed by the store before the rows that refer to it commit.
 */
export class S3FileStore implements FileStore {
  readonly driver = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static create(settings: S3Settings): S3FileStore {
    const credentials =
      settings.accessKeyId === undefined || settings.secretAccessKey === undefined
        ? undefined
        : { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    const client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
      ...(credentials === undefined ? {} : { credentials }),
      // Checksums go as plain headers (MD5 and SHA-256 of the whole object), which
      // every S3-compatible store understands, rather than as chunked trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
    return new S3FileStore(client, settings.bucket);
  }

  async stage(files: readonly Uint8Array[]): Promise<StagedFiles> {
    const { hashes, distinct } = distinctFiles(files);
    const pending = [...distinct];
    const upload = async () => {
      for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
        await this.upload(next[0], next[1]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, pending.length) }, upload));
    // The objects are confirmed; the rows that refer to them are all there is left to commit.
    return { hashes, record: () => Promise.resolve() };
  }

  async read(hash: string): Promise<Uint8Array> {
    const { body } = await this.get(hash);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  open(hash: string): Promise<StoredFile> {
    return this.get(hash);
  }

  async has(hash: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(hash) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw unavailable(error);
    }
  }

  /** The objects go once the rows are gone: a crash in between leaves objects, never rows without. */
  remove(hashes: readonly string[], _trx: Kysely<Database>): Promise<RemovedFiles> {
    const keys = hashes.map(keyOf);
    return Promise.resolve({
      after: async () => {
        for (const key of keys) {
          try {
            await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
          } catch (error) {
            throw unavailable(error);
          }
        }
      },
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // HEAD answers carry no error code: a 404 on the bucket means it does not exist.
      const missing = error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
      throw new FileStoreUnavailableError(missing ? 'bucket' : faultOf(error), { cause: error });
    }
  }

  close(): void {
    this.client.destroy();
  }

  private async upload(hash: string, bytes: Uint8Array): Promise<void> {
    const sha256 = digest('sha256', bytes, 'base64');
    let answer;
    try {
      answer = await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: keyOf(hash),
          Body: bytes,
          ContentLength: bytes.length,
          ContentMD5: digest('md5', bytes, 'base64'),
          ChecksumSHA256: sha256,
        }),
      );
    } catch (error) {
      throw unavailable(error);
    }
    // Stores that echo a checksum must echo ours; a plain ETag is the MD5 of a single-part upload.
    const etag = answer.ETag?.replaceAll('"', '');
    const confirmed =
      answer.ChecksumSHA256 !== undefined
        ? answer.ChecksumSHA256 === sha256
        : etag === undefined ||
          !/^[0-9a-f]{32}$/.test(etag) ||
          etag === digest('md5', bytes, 'hex');
    if (!confirmed) {
      throw new FileStoreUnavailableError('failed', {
        cause: new Error(`The object store answered another checksum for ${hash}`),
      });
    }
  }

  private async get(hash: string): Promise<StoredFile> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(hash) }),
      );
      return { size: answer.ContentLength ?? 0, body: answer.Body as Readable };
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(hash);
      throw unavailable(error);
    }
  }
}

/** Object names: the hash, behind a prefix that leaves room for other kinds of object. */
function keyOf(hash: string): string {
  return `sha256/${hash}`;
}
