import {
  RECEIVED_MAX_FILES,
  RECEIVED_UPLOAD_MAX_BYTES,
  RECEIVED_ZIP_MAX_BYTES,
  type ReceivedItem,
} from '@sufel/contract';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { filesUnder } from './collect-files.js';
import { RemoteApiError, type SufelClient } from './sufel-client.js';

/** One file to add: where it is, what it weighs. */
export interface ReceivedFilePath {
  path: string;
  size: number;
}

export interface ReceiveSummary {
  added: number;
  duplicates: number;
  /** Every refused file or document, with the reason. */
  refused: { file: string; reason: string }[];
  seconds: number;
}

export interface ReceiveOptions {
  /** Files per request. */
  batchSize: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Called once per file sent, with whether anything of it was refused. */
  onFile?: (refused: boolean) => void;
}

/** A request stays well under the server's limit of a whole upload. */
const BATCH_BYTES = Math.min(64 * 1024 * 1024, RECEIVED_UPLOAD_MAX_BYTES / 2);

/**
 * The .xml and .zip files named on the command line, or found in the folders
 * named (recursively), sorted by path so runs are repeatable. A file named
 * directly is sent whatever its extension: the server says why it refuses it.
 */
export async function collectReceivedFiles(inputs: readonly string[]): Promise<ReceivedFilePath[]> {
  const files = new Set<string>();
  for (const input of inputs) {
    const info = await stat(input);
    if (!info.isDirectory()) {
      files.add(path.resolve(input));
      continue;
    }
    for (const file of await filesUnder(input)) {
      if (/\.(xml|zip)$/i.test(file)) files.add(path.resolve(file));
    }
  }
  return Promise.all(
    [...files].sort().map(async (file) => ({ path: file, size: (await stat(file)).size })),
  );
}

/** Whether a line of the answer belongs to this file (itself, or an entry of this ZIP). */
function ofFile(item: ReceivedItem, name: string): boolean {
  return item.archivo === name || item.archivo.startsWith(`${name}/`);
}

/**
 * Uploads the files in batches (several files per request, several requests
 * at once) and tallies what the server answered for each file and each
 * document inside a ZIP. A refused request refuses its files with the
 * server's reason; refused credentials stop the run.
 */
export async function receiveDocuments(
  client: SufelClient,
  files: readonly ReceivedFilePath[],
  options: ReceiveOptions,
): Promise<ReceiveSummary> {
  const started = performance.now();
  const summary: ReceiveSummary = { added: 0, duplicates: 0, refused: [], seconds: 0 };
  const batchSize = Math.min(Math.max(options.batchSize, 1), RECEIVED_MAX_FILES);
  let next = 0;

  function nextBatch(): ReceivedFilePath[] {
    const batch: ReceivedFilePath[] = [];
    // The server lists files by name alone (an R- name marks a CDR): two files of one name,
    // from different folders, go in different requests.
    const names = new Set<string>();
    let bytes = 0;
    while (next < files.length && batch.length < batchSize) {
      const file = files[next]!;
      const name = path.basename(file.path);
      const full = bytes + Math.min(file.size, RECEIVED_ZIP_MAX_BYTES) > BATCH_BYTES;
      if (batch.length > 0 && (full || names.has(name))) break;
      names.add(name);
      batch.push(file);
      bytes += file.size;
      next += 1;
    }
    return batch;
  }

  async function send(batch: ReceivedFilePath[]): Promise<void> {
    const names = batch.map((file) => path.basename(file.path));
    let items: ReceivedItem[];
    try {
      items = (
        await client.uploadReceived(
          batch.map((file, index) => ({ name: names[index]!, path: file.path })),
        )
      ).items;
    } catch (error) {
      if (!(error instanceof RemoteApiError) || error.status === 401) throw error;
      for (const file of batch) {
        summary.refused.push({ file: file.path, reason: error.message });
        options.onFile?.(true);
      }
      return;
    }
    batch.forEach((file, index) => {
      const name = names[index]!;
      let refused = false;
      for (const item of items.filter((candidate) => ofFile(candidate, name))) {
        if (item.estado === 'agregado') summary.added += 1;
        else if (item.estado === 'duplicado') summary.duplicates += 1;
        else {
          refused = true;
          const entry = item.archivo.slice(name.length);
          summary.refused.push({
            file: `${file.path}${entry}`,
            reason: item.motivo ?? 'rechazado',
          });
        }
      }
      options.onFile?.(refused);
    });
  }

  async function worker(): Promise<void> {
    for (;;) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      await send(batch);
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, () => worker()));
  summary.seconds = (performance.now() - started) / 1000;
  summary.refused.sort((a, b) => a.file.localeCompare(b.file));
  return summary;
}
