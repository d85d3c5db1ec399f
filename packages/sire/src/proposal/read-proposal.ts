import { locateColumns, type ColumnPositions } from './columns.js';
import { ProposalFileError } from './errors.js';
import { readRow } from './read-row.js';
import { RecordSplitter, type FileRecord } from './records.js';
import { ProposalTextDecoder } from './text-decoder.js';
import type { ProposalEntry } from './types.js';

/**
 * Reads a proposal of SUNAT's RCE (SIRE's TXT or CSV export) as it streams
 * in: one entry per data row, a row or the reasons it could not be read, in
 * file order. Only the current chunk and one partial line are held, so a file
 * of any number of rows reads in bounded memory.
 *
 * Throws ProposalFileError when the file is not a proposal: empty, a header
 * without the needed columns, a line too long to be a row, UTF-16.
 */
export async function* readProposal(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<ProposalEntry, void, undefined> {
  const decoder = new ProposalTextDecoder();
  const splitter = new RecordSplitter();
  let columns: ColumnPositions | null = null;
  const entriesOf = function* (records: FileRecord[]): Generator<ProposalEntry> {
    for (const record of records) {
      if (columns === null) columns = locateColumns(record.fields);
      else yield readRow(columns, record);
    }
  };
  for await (const chunk of chunks) yield* entriesOf(splitter.push(decoder.decode(chunk)));
  yield* entriesOf(splitter.push(decoder.end()));
  yield* entriesOf(splitter.end());
  if (columns === null) {
    throw new ProposalFileError(
      'empty',
      'El archivo está vacío: una propuesta del RCE empieza con la fila de encabezados de SIRE.',
    );
  }
}
