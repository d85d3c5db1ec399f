import type { PublishRequest } from '@sufel/contract';
import { PUBLISH_BATCH_MAX } from '@sufel/contract';
import { readFile } from 'node:fs/promises';
import type { DocumentFiles } from './collect-files.js';
import { RemoteApiError, type SufelClient } from './sufel-client.js';

export interface Rejection {
  file: string;
  message: string;
}

export interface PublishSummary {
  published: number;
  alreadyThere: number;
  rejected: Rejection[];
  seconds: number;
}

export interface PublishOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Documents per request (1 publishes one by one; at most 100). */
  batchSize?: number;
  onDone?: (rejected: boolean) => void;
}

/** Keeps one request well under the server's body limit whatever the files weigh. */
const BATCH_BYTES = 16 * 1024 * 1024;

interface Loaded {
  file: string;
  request: PublishRequest;
  bytes: number;
}

async function base64Of(file: string | null): Promise<string> {
  return file === null ? '' : (await readFile(file)).toString('base64');
}

async function load(document: DocumentFiles): Promise<Loaded | Rejection> {
  try {
    const request = {
      xml: await base64Of(document.xml),
      pdf: await base64Of(document.pdf),
      cdr: await base64Of(document.cdr),
    };
    return {
      file: document.xml,
      request,
      bytes: request.xml.length + request.pdf.length + request.cdr.length,
    };
  } catch (error) {
    if (!(error instanceof Error) || !('code' in error)) throw error;
    return { file: document.xml, message: `No se pudo leer: ${error.message}` };
  }
}

/**
 * Publishes many documents, several batches in flight at once; every document
 * ends as published, already there, or rejected with the reason. Files are
 * read as their batch is formed, so memory stays bounded by the batches in
 * flight.
 */
export async function publishDocuments(
  client: SufelClient,
  documents: DocumentFiles[],
  options: PublishOptions,
): Promise<PublishSummary> {
  const started = performance.now();
  const summary: PublishSummary = { published: 0, alreadyThere: 0, rejected: [], seconds: 0 };
  const batchSize = Math.min(Math.max(options.batchSize ?? 50, 1), PUBLISH_BATCH_MAX);
  let next = 0;

  const reject = (file: string, message: string) => {
    summary.rejected.push({ file, message });
    options.onDone?.(true);
  };

  async function nextBatch(): Promise<Loaded[]> {
    const batch: Loaded[] = [];
    let bytes = 0;
    while (next < documents.length && batch.length < batchSize && bytes < BATCH_BYTES) {
      const loaded = await load(documents[next++]!);
      if ('message' in loaded) reject(loaded.file, loaded.message);
      else {
        batch.push(loaded);
        bytes += loaded.bytes;
      }
    }
    return batch;
  }

  async function send(batch: Loaded[]): Promise<void> {
    try {
      const results =
        batch.length === 1 && batchSize === 1
          ? [{ status: 200, ...(await client.publish(batch[0]!.request)) }]
          : await client.publishBatch(batch.map((loaded) => loaded.request));
      results.forEach((result, index) => {
        const { file } = batch[index]!;
        if ('message' in result) return reject(file, result.message);
        if (result.nuevo) summary.published += 1;
        else summary.alreadyThere += 1;
        options.onDone?.(false);
      });
    } catch (error) {
      // Refused credentials refuse every document alike: the run stops and says so.
      if (!(error instanceof RemoteApiError) || error.status === 401) throw error;
      for (const { file } of batch) reject(file, error.message);
    }
  }

  async function worker(): Promise<void> {
    for (;;) {
      const batch = await nextBatch();
      if (batch.length === 0) return;
      await send(batch);
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, () => worker()));
  summary.seconds = (performance.now() - started) / 1000;
  summary.rejected.sort((a, b) => a.file.localeCompare(b.file));
  return summary;
}
