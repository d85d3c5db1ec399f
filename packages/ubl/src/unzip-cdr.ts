import { Inflate } from 'fflate';
import { formatSize, quoteValue, UblError } from './errors.js';

/**
 * Reads the XML out of a CDR ZIP (`R-<name>.zip`). The ZIP comes from outside,
 * so nothing in it is trusted: sizes are checked before inflating, the output
 * is counted while inflating, and it must end at exactly the declared size.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
const MAX_ENTRIES = 64;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;
/** Compressed bytes fed to the inflater at a time: each step can grow at most ~1000 times. */
const INFLATE_STEP = 1024;

export const CDR_MAX_XML_BYTES = 5 * 1024 * 1024;

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

function damaged(detail: string): UblError {
  return new UblError('malformed', `El ZIP del CDR está dañado: ${detail}.`);
}

function view(zip: Uint8Array): DataView {
  return new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
}

function findEndOfCentralDirectory(zip: Uint8Array): number {
  const data = view(zip);
  const lowest = Math.max(0, zip.length - END_RECORD_LENGTH - MAX_COMMENT_LENGTH);
  for (let offset = zip.length - END_RECORD_LENGTH; offset >= lowest; offset--) {
    if (data.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw damaged('no se encontró su índice');
}

function readEntries(zip: Uint8Array): ZipEntry[] {
  const data = view(zip);
  const end = findEndOfCentralDirectory(zip);
  const count = data.getUint16(end + 10, true);
  let offset = data.getUint32(end + 16, true);
  if (count > MAX_ENTRIES) throw damaged(`tiene más de ${MAX_ENTRIES} archivos`);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (offset + 46 > zip.length || data.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) {
      throw damaged('su índice no es válido');
    }
    const nameLength = data.getUint16(offset + 28, true);
    const extraLength = data.getUint16(offset + 30, true);
    const commentLength = data.getUint16(offset + 32, true);
    entries.push({
      flags: data.getUint16(offset + 8, true),
      method: data.getUint16(offset + 10, true),
      compressedSize: data.getUint32(offset + 20, true),
      size: data.getUint32(offset + 24, true),
      localHeaderOffset: data.getUint32(offset + 42, true),
      name: decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength)),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The response XML: `R-….xml` when there are several XML files, ignoring folders and `dummy`. */
function chooseXmlEntry(entries: readonly ZipEntry[]): ZipEntry {
  const xmlFiles = entries.filter(
    (entry) => /\.xml$/i.test(entry.name) && !entry.name.endsWith('/'),
  );
  const baseName = (entry: ZipEntry): string => entry.name.slice(entry.name.lastIndexOf('/') + 1);
  const chosen = xmlFiles.find((entry) => /^R-/i.test(baseName(entry))) ?? xmlFiles[0];
  if (chosen === undefined) {
    throw new UblError('not_ubl', 'El ZIP no contiene la constancia de recepción (CDR) en XML.');
  }
  return chosen;
}

function compressedData(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(zip);
  const header = entry.localHeaderOffset;
  if (header + 30 > zip.length || data.getUint32(header, true) !== LOCAL_FILE_HEADER) {
    throw damaged(`no se encuentra ${quoteValue(entry.name)}`);
  }
  const start = header + 30 + data.getUint16(header + 26, true) + data.getUint16(header + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw damaged(`${quoteValue(entry.name)} está incompleto`);
  return zip.subarray(start, end);
}

function inflateBounded(compressed: Uint8Array, expectedSize: number): Uint8Array {
  const output = new Uint8Array(expectedSize);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > expectedSize)
      throw damaged('su contenido excede el tamaño declarado');
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
    throw new UblError('malformed', 'El ZIP del CDR está dañado: no se pudo descomprimir.', {
      cause: error,
    });
  }
  if (written !== expectedSize) throw damaged('su contenido no tiene el tamaño declarado');
  return output;
}

/** The bytes of the CDR's XML file inside `zip`. */
export function unzipCdrXml(zip: Uint8Array, maxXmlBytes: number = CDR_MAX_XML_BYTES): Uint8Array {
  const entry = chooseXmlEntry(readEntries(zip));
  if (entry.flags & ENCRYPTED_FLAG) {
    throw new UblError('invalid_value', 'El ZIP del CDR está cifrado: envíelo sin contraseña.');
  }
  if (entry.size > maxXmlBytes) {
    throw new UblError(
      'too_large',
      `El XML del CDR supera el tamaño máximo de ${formatSize(maxXmlBytes)}.`,
    );
  }
  const compressed = compressedData(zip, entry);
  if (entry.method === STORED) {
    if (compressed.length !== entry.size)
      throw damaged('su contenido no tiene el tamaño declarado');
    return compressed;
  }
  if (entry.method !== DEFLATED) {
    throw new UblError(
      'invalid_value',
      `El ZIP del CDR usa un método de compresión no admitido (${entry.method}).`,
    );
  }
  return inflateBounded(compressed, entry.size);
}
