/**
 * ZIP files as an attacker or an odd tool writes them: central directory
 * records that declare other values than the real ones, and ZIP64 records
 * where a plain ZIP would do.
 */

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Offset of the first central directory record, read from the end record. */
export function centralDirectoryOffset(zip: Uint8Array): number {
  return view(zip).getUint32(zip.length - 22 + 16, true);
}

export interface EntryPatch {
  size?: number;
  compressedSize?: number;
  flags?: number;
  method?: number;
  localHeaderOffset?: number;
}

/** A copy of `zip` whose `index`-th central directory record declares other values. */
export function patchEntry(zip: Uint8Array, index: number, patch: EntryPatch): Uint8Array {
  const copy = zip.slice();
  const data = view(copy);
  const entry = recordOffset(copy, index);
  if (patch.flags !== undefined) data.setUint16(entry + 8, patch.flags, true);
  if (patch.method !== undefined) data.setUint16(entry + 10, patch.method, true);
  if (patch.compressedSize !== undefined) data.setUint32(entry + 20, patch.compressedSize, true);
  if (patch.size !== undefined) data.setUint32(entry + 24, patch.size, true);
  if (patch.localHeaderOffset !== undefined) {
    data.setUint32(entry + 42, patch.localHeaderOffset, true);
  }
  return copy;
}

/** Where the `index`-th central directory record starts. */
function recordOffset(zip: Uint8Array, index: number): number {
  const data = view(zip);
  let entry = centralDirectoryOffset(zip);
  for (let skipped = 0; skipped < index; skipped++) {
    entry +=
      46 +
      data.getUint16(entry + 28, true) +
      data.getUint16(entry + 30, true) +
      data.getUint16(entry + 32, true);
  }
  return entry;
}

/** Local header offset the `index`-th central directory record points at. */
export function localHeaderOffsetOf(zip: Uint8Array, index: number): number {
  return view(zip).getUint32(recordOffset(zip, index) + 42, true);
}

/** Bytes that no compressor can shrink. */
export function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += 65_536) {
    crypto.getRandomValues(bytes.subarray(offset, Math.min(offset + 65_536, length)));
  }
  return bytes;
}

/**
 * A ZIP of stored entries written entirely in ZIP64 form: sizes and offsets in
 * ZIP64 extra fields, and a ZIP64 end record, as some tools write even small
 * archives. The CRC is left at zero: readers here do not check it.
 */
export function zip64Stored(files: Readonly<Record<string, Uint8Array>>): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = encoder.encode(name);
    const local = new Uint8Array(30 + nameBytes.length + 20);
    const localData = view(local);
    localData.setUint32(0, 0x04034b50, true);
    localData.setUint16(4, 45, true);
    localData.setUint32(18, 0xffffffff, true);
    localData.setUint32(22, 0xffffffff, true);
    localData.setUint16(26, nameBytes.length, true);
    localData.setUint16(28, 20, true);
    local.set(nameBytes, 30);
    localData.setUint16(30 + nameBytes.length, 0x0001, true);
    localData.setUint16(32 + nameBytes.length, 16, true);
    localData.setBigUint64(34 + nameBytes.length, BigInt(content.length), true);
    localData.setBigUint64(42 + nameBytes.length, BigInt(content.length), true);
    const record = new Uint8Array(46 + nameBytes.length + 28);
    const recordData = view(record);
    recordData.setUint32(0, 0x02014b50, true);
    recordData.setUint16(4, 45, true);
    recordData.setUint16(6, 45, true);
    recordData.setUint32(20, 0xffffffff, true);
    recordData.setUint32(24, 0xffffffff, true);
    recordData.setUint16(28, nameBytes.length, true);
    recordData.setUint16(30, 28, true);
    recordData.setUint32(42, 0xffffffff, true);
    record.set(nameBytes, 46);
    const extra = 46 + nameBytes.length;
    recordData.setUint16(extra, 0x0001, true);
    recordData.setUint16(extra + 2, 24, true);
    recordData.setBigUint64(extra + 4, BigInt(content.length), true);
    recordData.setBigUint64(extra + 12, BigInt(content.length), true);
    recordData.setBigUint64(extra + 20, BigInt(offset), true);
    parts.push(local, content);
    central.push(record);
    offset += local.length + content.length;
  }
  const directoryOffset = offset;
  const directorySize = central.reduce((total, record) => total + record.length, 0);
  const end = new Uint8Array(56 + 20 + 22);
  const endData = view(end);
  const count = BigInt(central.length);
  endData.setUint32(0, 0x06064b50, true);
  endData.setBigUint64(4, 44n, true);
  endData.setUint16(12, 45, true);
  endData.setUint16(14, 45, true);
  endData.setBigUint64(24, count, true);
  endData.setBigUint64(32, count, true);
  endData.setBigUint64(40, BigInt(directorySize), true);
  endData.setBigUint64(48, BigInt(directoryOffset), true);
  endData.setUint32(56, 0x07064b50, true);
  endData.setBigUint64(64, BigInt(directoryOffset + directorySize), true);
  endData.setUint32(72, 1, true);
  endData.setUint32(76, 0x06054b50, true);
  endData.setUint16(86, 0xffff, true);
  endData.setUint16(84, 0xffff, true);
  endData.setUint32(88, 0xffffffff, true);
  endData.setUint32(92, 0xffffffff, true);
  const all = [...parts, ...central, end];
  const zip = new Uint8Array(all.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of all) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}
