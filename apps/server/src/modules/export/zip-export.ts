import archiver, { type Archiver } from 'archiver';
import { Readable } from 'node:stream';
import type { DocumentRow } from '../../db/types.js';
import { fileNameOf } from '../documents/file-name.js';
import { isZip } from '../files/file-access.service.js';
import { csvChunks } from './csv-export.js';
import type { ExportRow } from './purchase-list.js';

/** Where the ZIP gets each document's files; a null PDF is left out and reported. */
export interface ExportFiles {
  xml(row: DocumentRow): Promise<Uint8Array>;
  pdf(row: DocumentRow): Promise<{ bytes: Uint8Array } | { failure: string }>;
  cdr(hash: string): Promise<Uint8Array>;
}

export const SUMMARY_NAME = 'resumen.csv';
export const NOTICES_NAME = 'avisos.txt';

/**
 * Adds one entry and waits until the archive has taken it in whole. The archive
 * only takes more when its reader (the HTTP response) keeps up, so at most one
 * document's files are in memory however many the ZIP holds.
 */
function appendEntry(
  archive: Archiver,
  source: Buffer | Readable,
  name: string,
  store: boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off('error', fail).off('close', closed);
      resolve();
    };
    const fail = (error: Error) => {
      archive.off('entry', done).off('close', closed);
      reject(error);
    };
    // The reader went away (a cancelled download): stop reading files for it.
    const closed = () => fail(new Error('export closed before it was complete'));
    archive.once('entry', done);
    archive.once('error', fail);
    archive.once('close', closed);
    archive.append(source, { name, store });
  });
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

async function fill(
  archive: Archiver,
  rows: () => AsyncIterable<ExportRow[]>,
  files: ExportFiles,
): Promise<void> {
  await appendEntry(archive, Readable.from(csvChunks(rows())), SUMMARY_NAME, false);
  const notices: string[] = [];
  for await (const batch of rows()) {
    for (const row of batch) {
      const inFolder = (name: string) => `${row.emisor}/${name}`;
      const xmlName = inFolder(fileNameOf(row, 'xml'));
      await appendEntry(archive, asBuffer(await files.xml(row)), xmlName, false);
      const pdf = await files.pdf(row);
      const pdfName = inFolder(fileNameOf(row, 'pdf'));
      if ('bytes' in pdf) await appendEntry(archive, asBuffer(pdf.bytes), pdfName, true);
      else notices.push(`${pdfName}: ${pdf.failure}`);
      if (row.cdr_hash !== null) {
        const cdr = await files.cdr(row.cdr_hash);
        const zip = isZip(cdr);
        await appendEntry(archive, asBuffer(cdr), inFolder(fileNameOf(row, 'cdr', zip)), zip);
      }
    }
  }
  if (notices.length > 0) {
    const text = `No se incluyeron estos PDF; puede descargarlos luego desde el portal.\r\n${notices.join('\r\n')}\r\n`;
    await appendEntry(archive, Buffer.from(text, 'utf8'), NOTICES_NAME, false);
  }
  await archive.finalize();
}

/**
 * The ZIP of an export as a stream built while it is read: `resumen.csv`, then
 * one folder per issuer with each document's XML, PDF and CDR. `rows` is read
 * twice (the summary first, then the files). A file that cannot be read ends
 * the stream with an error, so the download fails instead of ending short.
 */
export function zipExport(rows: () => AsyncIterable<ExportRow[]>, files: ExportFiles): Readable {
  // Stored files are XML (compresses well) and PDF/ZIP (already compressed, stored as is).
  const archive = archiver('zip', { zlib: { level: 6 } });
  fill(archive, rows, files).catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}
