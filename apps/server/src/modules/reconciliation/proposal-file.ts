import { RECONCILIATION_MAX_BYTES } from '@sufel/contract';
import { ProposalFileError, readProposal, type ProposalEntry, type ProposalRow } from '@sufel/sire';
import { openZip, UblError } from '@sufel/ubl';
import { AppError, said } from '../../errors.js';

/** A proposal's text file, out of its ZIP when it came in one. */
export interface ProposalText {
  name: string;
  bytes: Uint8Array;
}

const CHUNK = 64 * 1024;
const PROPOSAL_NAME = /\.(?:txt|csv)$/i;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/**
 * The TXT or CSV as sent, or the one inside a ZIP (SIRE's download), which the
 * safe reader judges whole before inflating it: a ZIP bomb, a nested archive
 * or a content over the size limit is refused with the reason.
 */
export function proposalText(name: string, bytes: Uint8Array): ProposalText {
  if (!isZip(bytes)) return { name, bytes };
  let entries;
  try {
    entries = openZip(bytes, {
      subject: 'El ZIP',
      cdrArchives: false,
      maxTotalBytes: RECONCILIATION_MAX_BYTES,
      maxEntries: 20,
    }).entries.filter((entry) => PROPOSAL_NAME.test(entry.name));
  } catch (error) {
    if (error instanceof UblError) {
      throw new AppError(
        error.code === 'too_large' ? 'payload_too_large' : 'bad_request',
        said('reconciliationZipUnreadable', { reason: error.message }),
      );
    }
    throw error;
  }
  const [entry, ...others] = entries;
  if (entry === undefined) throw new AppError('bad_request', 'reconciliationZipEmpty');
  if (others.length > 0) throw new AppError('bad_request', 'reconciliationZipMany');
  return { name: entry.name.slice(entry.name.lastIndexOf('/') + 1), bytes: entry.read() };
}

/** The file in pieces, as the reader streams it. */
function* chunksOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    yield bytes.subarray(offset, offset + CHUNK);
  }
}

/** The proposal's entries, its file errors as 400s. */
export async function* proposalEntries(text: ProposalText): AsyncGenerator<ProposalEntry> {
  try {
    yield* readProposal(chunksOf(text.bytes));
  } catch (error) {
    if (error instanceof ProposalFileError) {
      throw new AppError('bad_request', said('proposalUnreadable', { reason: error.message }));
    }
    throw error;
  }
}

/** What the first readable row tells before the whole file is read. */
export interface ProposalHead {
  first: ProposalRow;
  /** Data lines of the file: the rows it will have, near enough to choose how to run. */
  rows: number;
}

function dataLines(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let lines = 0;
  for (let at = buffer.indexOf(10); at >= 0; at = buffer.indexOf(10, at + 1)) lines++;
  if (bytes.length > 0 && bytes[bytes.length - 1] !== 10) lines++;
  return Math.max(lines - 1, 0);
}

/** The first readable row; a file without one is refused, with the first row's problem if any. */
export async function proposalHead(text: ProposalText): Promise<ProposalHead> {
  let firstError: string | null = null;
  for await (const entry of proposalEntries(text)) {
    if (entry.kind === 'row') return { first: entry.row, rows: dataLines(text.bytes) };
    firstError ??= entry.error.message;
  }
  throw new AppError(
    'bad_request',
    firstError === null
      ? 'reconciliationNoRows'
      : said('proposalNoReadableRow', { reason: firstError }),
  );
}
