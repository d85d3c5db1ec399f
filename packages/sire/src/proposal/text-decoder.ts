import { ProposalFileError } from './errors.js';
import { decodeWindows1252 } from './windows-1252.js';

export type ProposalEncoding = 'utf-8' | 'windows-1252';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const latin1 = new TextDecoder('latin1');

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/**
 * Bytes of a proposal as text, chunk by chunk, in the encoding the bytes show:
 * a UTF-8 BOM says UTF-8; otherwise the first non-ASCII character decides —
 * a well-formed UTF-8 sequence means UTF-8, anything else Windows-1252 (which
 * reads Latin-1 files too). Until then every byte is ASCII, the same in both.
 * SUNAT's exports have been seen in UTF-8 with and without BOM and in
 * Latin-1, so nothing is assumed.
 */
export class ProposalTextDecoder {
  #encoding: ProposalEncoding | null = null;
  #utf8: { decode(bytes?: Uint8Array, options?: { stream?: boolean }): string } | null = null;
  /** Bytes not yet decidable: a possible BOM at the start, or a sequence cut by the chunk's end. */
  #held: Uint8Array | null = null;
  #started = false;

  /** Null while every byte so far was ASCII. */
  get encoding(): ProposalEncoding | null {
    return this.#encoding;
  }

  decode(chunk: Uint8Array): string {
    const bytes = this.#held === null ? chunk : concat(this.#held, chunk);
    this.#held = null;
    if (!this.#started) {
      if (bytes.length < UTF8_BOM.length && startsWith(bytes, UTF8_BOM.slice(0, bytes.length))) {
        this.#held = bytes;
        return '';
      }
      this.#started = true;
      if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
        throw new ProposalFileError(
          'encoding',
          'El archivo está en UTF-16: guárdelo como texto UTF-8 o descargue de nuevo la propuesta de SIRE.',
        );
      }
      if (startsWith(bytes, UTF8_BOM)) this.#decideUtf8();
    }
    if (this.#encoding === 'utf-8') return this.#utf8!.decode(bytes, { stream: true });
    if (this.#encoding === 'windows-1252') return decodeWindows1252(bytes);
    return this.#decodeUndecided(bytes);
  }

  /** What is left at the end of the file. */
  end(): string {
    const held = this.#held;
    this.#held = null;
    if (this.#encoding === 'utf-8') return this.#utf8!.decode(held ?? new Uint8Array(0));
    if (held === null) return '';
    // A sequence cut by the end of the file is not UTF-8.
    this.#encoding = 'windows-1252';
    return decodeWindows1252(held);
  }

  #decideUtf8(): void {
    this.#encoding = 'utf-8';
    this.#utf8 = new TextDecoder('utf-8');
  }

  #decodeUndecided(bytes: Uint8Array): string {
    const text = latin1.decode(bytes);
    const first = text.search(/[\u0080-\uffff]/);
    if (first < 0) return text;
    let probe: string;
    try {
      probe = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(first), {
        stream: true,
      });
    } catch {
      this.#encoding = 'windows-1252';
      return decodeWindows1252(bytes);
    }
    if (/[\u0080-\uffff]/.test(probe)) {
      this.#decideUtf8();
      return this.#utf8!.decode(bytes, { stream: true });
    }
    // The only non-ASCII bytes are a sequence the chunk cut short: wait for the rest.
    this.#held = bytes.slice(first);
    return text.slice(0, first);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
