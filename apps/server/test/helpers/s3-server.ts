// The package ships no types; the declaration beside this file describes the part used here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/blobs/s3-file-store.js';

/** The credentials s3rver accepts. */
export const S3_KEY = 'S3RVER';

export interface TestS3Server {
  settings: S3Settings;
  /** The same settings as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-protocol server on a free port, with one empty bucket, its data in a temporary directory. */
export async function startS3Server(bucket = 'sufel'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sufel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: S3_KEY,
    secretAccessKey: S3_KEY,
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      FILES: 's3',
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
