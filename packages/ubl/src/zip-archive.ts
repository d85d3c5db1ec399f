import { Inflate } from 'fflate';
import { formatSize, quoteValue, UblError } from './errors.js';
import {
  DamagedZip,
  dataRangeOf,
  readDirectory,
  type DataRange,
  type DirectoryEntry,
} from './zip-directory.js';

/**
 * ZIP archives from outside (uploads, mail attachments, SUNAT's CDRs). The
 * whole archive is judged from its directory before anything is inflated, and
 * refused whole with the limit it breaks; entries are then inflated one at a
 * time when asked, never past the size they declared, so what the directory
 * promised is all that can ever come out.
 */

export interface ZipLimits {
  /** Uncompressed bytes of every entry, those of CDR archives inside included. */
  maxTotalBytes: number;
  /** Entries, folders and those of CDR archives inside included. */
  maxEntries: number;
  /** Largest ratio of an entry's size to its compressed size. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 50 * 1024 * 1024,
  maxEntries: 2000,
  maxRatio: 100,
};

export interface ZipOptions extends Partial<ZipLimits> {
  /** How messages name the archive: "El ZIP" unless told. */
  subject?: string;
  /** Whether SUNAT's CDR archives (`R-*.zip`) may sit inside, one level deep (default true). */
  cdrArchives?: boolean;
}

export interface ZipEntry {
  /** The path inside the archive, as written. */
  readonly name: string;
  /** The uncompressed size it declares, which reading holds it to. */
  readonly size: number;
  /** A SUNAT CDR archive (`R-*.zip`): read it with `openNested`. */
  readonly cdrArchive: boolean;
  /** Inflates the entry now. */
  read(): Uint8Array;
}

export interface ZipArchive {
  /** Files in directory order; folders are checked and left out. */
  readonly entries: readonly ZipEntry[];
  /** A CDR archive among `entries`, held to what is left of this archive's limits. */
  openNested(entry: ZipEntry): ZipArchive;
}

const STORED = 0;
const DEFLATED = 8;
const AES_ENCRYPTED = 99;
const ENCRYPTED_FLAG = 0x1;
const STRONG_ENCRYPTION_FLAG = 0x40;
/** Compressed bytes fed to the inflater at a time: each step can grow at most ~1000 times. */
const INFLATE_STEP = 1024;

const CDR_ARCHIVE = /^R-[^/\\]*\.zip$/i;
const ARCHIVE_NAME =
  /\.(?:zip|rar|7z|gz|tgz|tar|bz2|tbz2?|xz|txz|zst|lz|lzma|z|cab|arj|jar|war|ear)$/i;
/** Leading bytes of archive formats: ZIP (entry, empty, spanned), gzip, RAR, 7z, xz, zstd. */
const ARCHIVE_SIGNATURES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
  [0x1f, 0x8b],
  [0x52, 0x61, 0x72, 0x21],
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
  [0x28, 0xb5, 0x2f, 0xfd],
];
const ZIP_SIGNATURES = ARCHIVE_SIGNATURES.slice(0, 2);

/** The whole archive's count, shared with the CDR archives opened inside it. */
interface Budget {
  readonly limits: ZipLimits;
  readonly subject: string;
  bytes: number;
  entries: number;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function isArchiveContent(bytes: Uint8Array): boolean {
  return ARCHIVE_SIGNATURES.some((signature) => startsWith(bytes, signature));
}

/** `..` as a part, a leading slash or backslash, a drive letter, or control characters. */
function isUnsafeName(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  return (
    name === '' ||
    path.startsWith('/') ||
    /^[A-Za-z]:/.test(path) ||
    path.split('/').includes('..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(name)
  );
}

function baseName(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

function damaged(subject: string, detail: string): UblError {
  return new UblError('malformed', `${subject} está dañado: ${detail}.`);
}

function nested(subject: string, name: string, cdrArchives: boolean): UblError {
  const allowed = cdrArchives
    ? 'solo se admite la constancia de SUNAT (R-*.zip), en un solo nivel'
    : 'no se admiten archivos comprimidos dentro';
  return new UblError(
    'unsafe_archive',
    `${subject} contiene otro archivo comprimido (${quoteValue(name)}): ${allowed}.`,
  );
}

function inflateBounded(compressed: Uint8Array, size: number, subject: string): Uint8Array {
  const output = new Uint8Array(size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > size) {
      throw damaged(subject, 'su contenido excede el tamaño declarado');
    }
    output.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let offset = 0; offset < compressed.length; offset += INFLATE_STEP) {
      const end = Math.min(offset + INFLATE_STEP, compressed.length);
      inflater.push(compressed.subarray(offset, end), end === compressed.length);
    }
  } catch (error) {
    if (error instanceof UblError) throw error;
    throw new UblError('malformed', `${subject} está dañado: no se pudo descomprimir.`, {
      cause: error,
    });
  }
  if (written !== size) throw damaged(subject, 'su contenido no tiene el tamaño declarado');
  return output;
}

/** Refuses the entry for what its directory record alone shows. */
function checkEntry(entry: DirectoryEntry, subject: string, budget: Budget, cdrArchives: boolean) {
  if (isUnsafeName(entry.name)) {
    throw new UblError(
      'unsafe_archive',
      `${subject} contiene un nombre de archivo no permitido (${quoteValue(entry.name)}): no se admiten rutas con '..', absolutas o con unidad de disco.`,
    );
  }
  if (entry.flags & (ENCRYPTED_FLAG | STRONG_ENCRYPTION_FLAG) || entry.method === AES_ENCRYPTED) {
    throw new UblError('invalid_value', `${subject} está cifrado: envíelo sin contraseña.`);
  }
  if (entry.method !== STORED && entry.method !== DEFLATED) {
    throw new UblError(
      'invalid_value',
      `${subject} usa un método de compresión no admitido (${entry.method}).`,
    );
  }
  if (entry.method === STORED && entry.size !== entry.compressedSize) {
    throw damaged(subject, 'su contenido no tiene el tamaño declarado');
  }
  const name = baseName(entry.name);
  if (ARCHIVE_NAME.test(name) && !(cdrArchives && CDR_ARCHIVE.test(name))) {
    throw nested(subject, entry.name, cdrArchives);
  }
  const { maxRatio } = budget.limits;
  if (
    entry.size > 0 &&
    (entry.compressedSize === 0 || entry.size / entry.compressedSize > maxRatio)
  ) {
    throw new UblError(
      'unsafe_archive',
      `${subject} contiene un archivo que se descomprime a más de ${maxRatio} veces su tamaño (${quoteValue(entry.name)}): se rechaza como posible bomba ZIP.`,
    );
  }
}

/** Entries whose bytes share space: a ZIP bomb's way to repeat a large stream for free. */
function checkNoOverlap(ranges: readonly DataRange[], subject: string): void {
  const sorted = [...ranges].sort((a, b) => a.header - b.header);
  for (let index = 1; index < sorted.length; index++) {
    if (sorted[index]!.header < sorted[index - 1]!.end) {
      throw new UblError(
        'unsafe_archive',
        `${subject} tiene archivos que comparten sus datos: se rechaza como posible bomba ZIP.`,
      );
    }
  }
}

function countAgainst(budget: Budget, entries: number, bytes: number): void {
  const { limits, subject } = budget;
  if (budget.entries + entries > limits.maxEntries) {
    throw new UblError(
      'too_large',
      `${subject} tiene más de ${limits.maxEntries} archivos, el máximo admitido.`,
    );
  }
  if (budget.bytes + bytes > limits.maxTotalBytes) {
    throw new UblError(
      'too_large',
      `${subject} descomprimido ocupa más de ${formatSize(limits.maxTotalBytes)}, el máximo admitido.`,
    );
  }
  budget.entries += entries;
  budget.bytes += bytes;
}

/** The directory's records and where each one's data lies, counted against the budget. */
function readRecords(
  zip: Uint8Array,
  subject: string,
  budget: Budget,
): { records: DirectoryEntry[]; ranges: DataRange[] } {
  try {
    const directory = readDirectory(zip);
    countAgainst(budget, directory.count, 0);
    const records = directory.entries();
    return {
      records,
      ranges: records.map((record) => dataRangeOf(zip, record, directory.offset)),
    };
  } catch (error) {
    if (error instanceof DamagedZip) throw damaged(subject, error.message);
    throw error;
  }
}

function open(zip: Uint8Array, subject: string, budget: Budget, cdrArchives: boolean): ZipArchive {
  if (zip.length === 0) throw new UblError('empty', `${subject} está vacío (0 bytes).`);
  if (!ZIP_SIGNATURES.some((signature) => startsWith(zip, signature))) {
    throw new UblError('not_zip', `${subject} no es un archivo ZIP.`);
  }
  const { records, ranges } = readRecords(zip, subject, budget);
  for (const record of records) checkEntry(record, subject, budget, cdrArchives);
  checkNoOverlap(ranges, subject);
  countAgainst(
    budget,
    0,
    records.reduce((total, record) => total + record.size, 0),
  );

  const entries: ZipEntry[] = [];
  records.forEach((record, index) => {
    if (record.name.endsWith('/') || record.name.endsWith('\\')) return;
    const range = ranges[index]!;
    const cdrArchive = cdrArchives && CDR_ARCHIVE.test(baseName(record.name));
    entries.push({
      name: record.name,
      size: record.size,
      cdrArchive,
      read: () => {
        const compressed = zip.subarray(range.start, range.end);
        const bytes =
          record.method === STORED ? compressed : inflateBounded(compressed, record.size, subject);
        if (!cdrArchive && isArchiveContent(bytes)) throw nested(subject, record.name, cdrArchives);
        return bytes;
      },
    });
  });
  return {
    entries,
    openNested(entry) {
      if (!entry.cdrArchive || !entries.includes(entry)) {
        throw new Error('openNested takes a CDR archive among this archive’s entries');
      }
      return open(entry.read(), `El ZIP ${quoteValue(entry.name)}`, budget, false);
    },
  };
}

/**
 * Opens a ZIP held in memory, refusing it whole (UblError with a Spanish
 * reason that names the limit) when it is empty, not a ZIP, damaged,
 * encrypted, over `maxTotalBytes` uncompressed or `maxEntries` entries, when an
 * entry inflates beyond `maxRatio` times or shares its bytes with another,
 * when a name escapes its folder, or when it holds other archives than SUNAT's
 * CDR ZIPs (one level).
 */
export function openZip(zip: Uint8Array, options: ZipOptions = {}): ZipArchive {
  const subject = options.subject ?? 'El ZIP';
  const budget: Budget = {
    limits: {
      maxTotalBytes: options.maxTotalBytes ?? DEFAULT_ZIP_LIMITS.maxTotalBytes,
      maxEntries: options.maxEntries ?? DEFAULT_ZIP_LIMITS.maxEntries,
      maxRatio: options.maxRatio ?? DEFAULT_ZIP_LIMITS.maxRatio,
    },
    subject,
    bytes: 0,
    entries: 0,
  };
  return open(zip, subject, budget, options.cdrArchives ?? true);
}
