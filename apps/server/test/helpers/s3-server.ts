// The package ships no types; the declaration beside this file describes the part used here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./s3rver.d.ts" />
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/file-store/s3-file-store.js';

const run = promisify(execFile);

/**
 * Which S3 server the tests of the s3 driver talk to: `s3rver` (from npm, the
 * default) or `ceph` (a single-node Ceph RADOS Gateway from Debian's packages
 * ceph-mon, ceph-osd, radosgw and ceph-common, brought up by ceph-rgw/start.sh).
 */
export const S3_SERVER = process.env.TEST_S3_SERVER === 'ceph' ? 'ceph' : 's3rver';

/** s3rver checks the key id but not the SigV4 signature; radosgw checks both. */
export const S3_SERVER_CHECKS_SIGNATURES = S3_SERVER === 'ceph';

/** The credentials s3rver accepts, also given to the Ceph gateway's user. */
export const S3_KEY = 'S3RVER';

export interface TestS3Server {
  settings: S3Settings;
  /** The same settings as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

function testServer(settings: S3Settings, close: () => Promise<void>): TestS3Server {
  return {
    settings,
    env: {
      FILES: 's3',
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: settings.endpoint!,
      S3_ACCESS_KEY_ID: settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
      S3_FORCE_PATH_STYLE: '1',
    },
    close,
  };
}

function localSettings(bucket: string, port: number): S3Settings {
  return {
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: S3_KEY,
    secretAccessKey: S3_KEY,
    forcePathStyle: true,
  };
}

async function startS3rver(bucket: string): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sufel-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return testServer(localSettings(bucket, port), async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
}

const CEPH_SCRIPTS = path.join(import.meta.dirname, 'ceph-rgw');
/** start.sh's answer when a port it needs is taken. */
const PORT_TAKEN = 3;

async function startCeph(bucket: string): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sufel-ceph-'));
  // stop.sh only removes a directory start.sh wrote its configuration into.
  const stop = async () => {
    const started = await access(path.join(directory, 'ceph.conf')).then(
      () => true,
      () => false,
    );
    if (started) await run(path.join(CEPH_SCRIPTS, 'stop.sh'), [directory]);
    else await rm(directory, { recursive: true, force: true });
  };
  // The gateway takes ten ports from the one it is given; another may hold some.
  for (let tries = 0; ; tries += 1) {
    const port = randomInt(20_000, 60_000);
    try {
      await run(path.join(CEPH_SCRIPTS, 'start.sh'), [directory, String(port), S3_KEY, S3_KEY]);
    } catch (error) {
      const { code, stderr } = error as { code?: number; stderr?: string };
      if (code === PORT_TAKEN && tries < 5) continue;
      await stop();
      throw new Error(`The Ceph gateway did not start:\n${stderr ?? String(error)}`, {
        cause: error,
      });
    }
    const settings = localSettings(bucket, port);
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint!,
      forcePathStyle: true,
      credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
    });
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (error) {
      await stop();
      throw error;
    } finally {
      client.destroy();
    }
    return testServer(settings, stop);
  }
}

/**
 * A real S3-protocol server on a free port, with one empty bucket, its data in
 * a temporary directory (s3rver) or in memory (Ceph), gone on close.
 */
export function startS3Server(bucket = 'sufel'): Promise<TestS3Server> {
  return S3_SERVER === 'ceph' ? startCeph(bucket) : startS3rver(bucket);
}
