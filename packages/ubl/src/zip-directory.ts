/**
 * The structure of a ZIP file, read from its central directory (APPNOTE 6.3):
 * what each entry declares, and where its compressed bytes lie. Nothing is
 * inflated here and nothing is trusted: every offset is checked against the
 * file before it is followed.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_LENGTH = 22;
const ZIP64_LOCATOR_LENGTH = 20;
const CENTRAL_ENTRY_LENGTH = 46;
const LOCAL_HEADER_LENGTH = 30;
const MAX_COMMENT_LENGTH = 0xffff;
const ZIP64_EXTRA = 0x0001;
/** A 16- or 32-bit field holding this says the real value is in the ZIP64 records. */
const IN_ZIP64_16 = 0xffff;
const IN_ZIP64_32 = 0xffffffff;
const UTF8_NAME_FLAG = 0x800;

export interface DirectoryEntry {
  /** As written, decoded as UTF-8 (CP437 names lose only their accents). */
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export interface Directory {
  /** Entries the end record announces, read before the entries themselves. */
  count: number;
  /** Where the central directory starts: every entry's data lies before it. */
  offset: number;
  /** Reads the entries; call after checking `count`. */
  entries(): DirectoryEntry[];
}

/** A ZIP that cannot be read: what is wrong, in Spanish, after "está dañado: ". */
export class DamagedZip extends Error {}

const decoder = new TextDecoder();

function view(zip: Uint8Array): DataView {
  return new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
}

function uint64(data: DataView, offset: number): number {
  const value = data.getBigUint64(offset, true);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new DamagedZip('declara tamaños imposibles');
  return Number(value);
}

function findEndRecord(zip: Uint8Array): number {
  const data = view(zip);
  const lowest = Math.max(0, zip.length - END_RECORD_LENGTH - MAX_COMMENT_LENGTH);
  for (let offset = zip.length - END_RECORD_LENGTH; offset >= lowest; offset--) {
    if (data.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new DamagedZip('no se encontró su índice');
}

interface EndRecord {
  disk: number;
  directoryDisk: number;
  count: number;
  size: number;
  offset: number;
}

function readEndRecord(zip: Uint8Array): EndRecord {
  const data = view(zip);
  const end = findEndRecord(zip);
  const record = {
    disk: data.getUint16(end + 4, true),
    directoryDisk: data.getUint16(end + 6, true),
    count: data.getUint16(end + 10, true),
    size: data.getUint32(end + 12, true),
    offset: data.getUint32(end + 16, true),
  };
  const zip64 =
    record.count === IN_ZIP64_16 || record.size === IN_ZIP64_32 || record.offset === IN_ZIP64_32;
  if (!zip64) return record;
  const locator = end - ZIP64_LOCATOR_LENGTH;
  if (locator < 0 || data.getUint32(locator, true) !== ZIP64_END_LOCATOR) {
    throw new DamagedZip('no se encontró su índice ZIP64');
  }
  const zip64End = uint64(data, locator + 8);
  if (
    zip64End + 56 > locator ||
    data.getUint32(zip64End, true) !== ZIP64_END_OF_CENTRAL_DIRECTORY
  ) {
    throw new DamagedZip('su índice ZIP64 no es válido');
  }
  return {
    disk: data.getUint32(zip64End + 16, true),
    directoryDisk: data.getUint32(zip64End + 20, true),
    count: uint64(data, zip64End + 32),
    size: uint64(data, zip64End + 40),
    offset: uint64(data, zip64End + 48),
  };
}

/** Sizes and offset a ZIP64 extra field holds for the fields that say so, in this order. */
function applyZip64Extra(entry: DirectoryEntry, extra: Uint8Array): void {
  const data = view(extra);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    const end = at + 4 + length;
    if (end > extra.length) throw new DamagedZip('su índice no es válido');
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > end) throw new DamagedZip('su índice ZIP64 no es válido');
        const value = uint64(data, field);
        field += 8;
        return value;
      };
      if (entry.size === IN_ZIP64_32) entry.size = next();
      if (entry.compressedSize === IN_ZIP64_32) entry.compressedSize = next();
      if (entry.localHeaderOffset === IN_ZIP64_32) entry.localHeaderOffset = next();
      return;
    }
    at = end;
  }
}

function readEntries(zip: Uint8Array, record: EndRecord): DirectoryEntry[] {
  const data = view(zip);
  const directoryEnd = record.offset + record.size;
  const entries: DirectoryEntry[] = [];
  let offset = record.offset;
  for (let index = 0; index < record.count; index++) {
    if (
      offset + CENTRAL_ENTRY_LENGTH > directoryEnd ||
      data.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY
    ) {
      throw new DamagedZip('su índice no es válido');
    }
    const flags = data.getUint16(offset + 8, true);
    const nameLength = data.getUint16(offset + 28, true);
    const extraLength = data.getUint16(offset + 30, true);
    const commentLength = data.getUint16(offset + 32, true);
    const nameStart = offset + CENTRAL_ENTRY_LENGTH;
    const extraStart = nameStart + nameLength;
    const next = extraStart + extraLength + commentLength;
    if (next > directoryEnd) throw new DamagedZip('su índice no es válido');
    const entry: DirectoryEntry = {
      // Bit 11 says UTF-8; without it the name is CP437, which agrees with UTF-8 on ASCII.
      name: decoder.decode(zip.subarray(nameStart, extraStart)),
      flags: flags & ~UTF8_NAME_FLAG,
      method: data.getUint16(offset + 10, true),
      compressedSize: data.getUint32(offset + 20, true),
      size: data.getUint32(offset + 24, true),
      localHeaderOffset: data.getUint32(offset + 42, true),
    };
    applyZip64Extra(entry, zip.subarray(extraStart, extraStart + extraLength));
    entries.push(entry);
    offset = next;
  }
  return entries;
}

/** The central directory of `zip`; entries are read by `entries()`. */
export function readDirectory(zip: Uint8Array): Directory {
  const record = readEndRecord(zip);
  if (record.disk !== 0 || record.directoryDisk !== 0) {
    throw new DamagedZip('está dividido en varias partes: envíelo en un solo archivo');
  }
  if (record.offset + record.size > zip.length) throw new DamagedZip('su índice no es válido');
  return {
    count: record.count,
    offset: record.offset,
    entries: () => readEntries(zip, record),
  };
}

/** Where an entry's local header starts and its compressed bytes start and end. */
export interface DataRange {
  header: number;
  start: number;
  end: number;
}

/** Checks the entry's local header and finds its compressed bytes, which lie before the directory. */
export function dataRangeOf(
  zip: Uint8Array,
  entry: DirectoryEntry,
  directoryOffset: number,
): DataRange {
  const data = view(zip);
  const header = entry.localHeaderOffset;
  if (
    header + LOCAL_HEADER_LENGTH > directoryOffset ||
    data.getUint32(header, true) !== LOCAL_FILE_HEADER
  ) {
    throw new DamagedZip('no se encuentra uno de sus archivos');
  }
  const start =
    header +
    LOCAL_HEADER_LENGTH +
    data.getUint16(header + 26, true) +
    data.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > directoryOffset) throw new DamagedZip('uno de sus archivos está incompleto');
  return { header, start, end };
}
