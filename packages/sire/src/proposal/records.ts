import { ProposalFileError } from './errors.js';

/** `|` for SIRE's TXT export; `,` for its CSV; `;` for a CSV saved again by a Spanish Excel. */
export type Delimiter = '|' | ',' | ';';

export interface FileRecord {
  /** Line of the file where the record starts (the header is line 1 when it is the first). */
  line: number;
  fields: string[];
}

/**
 * The longest record read. A real row is a few hundred characters (names may
 * reach 1 500); a longer one means the file is not a proposal, and the limit
 * keeps memory bounded whatever the file holds.
 */
export const MAX_RECORD_LENGTH = 64 * 1024;

function countOf(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at >= 0; at = text.indexOf(character, at + 1)) count++;
  return count;
}

/** The delimiter the header row uses most. */
function delimiterOf(header: string): Delimiter {
  const candidates: Delimiter[] = ['|', ',', ';'];
  return candidates.reduce((best, next) =>
    countOf(header, next) > countOf(header, best) ? next : best,
  );
}

/**
 * One CSV record with quoted fields ("a, b", and "" for a quote inside quotes),
 * as RFC 4180 writes them; `open` when it ends inside quotes, so the record
 * goes on in the next line. A quote inside an unquoted field is kept as text.
 */
function splitQuoted(record: string, delimiter: Delimiter): { fields: string[]; open: boolean } {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStart = true;
  for (let at = 0; at < record.length; at++) {
    const character = record[at]!;
    if (quoted) {
      if (character !== '"') field += character;
      else if (record[at + 1] === '"') {
        field += '"';
        at++;
      } else quoted = false;
    } else if (character === '"' && fieldStart) quoted = true;
    else if (character === delimiter) {
      fields.push(field);
      field = '';
      fieldStart = true;
      continue;
    } else field += character;
    fieldStart = false;
  }
  fields.push(field);
  return { fields, open: quoted };
}

/**
 * Splits the text of a proposal into records, chunk by chunk. The header row
 * tells the delimiter. TXT fields are never quoted (Tabla 12 forbids `|` in
 * text); CSV fields may be, and a quoted field may hold a line break.
 * Lines that are blank or only delimiters are skipped.
 */
export class RecordSplitter {
  #rest = '';
  #lineNumber = 0;
  #delimiter: Delimiter | null = null;
  /** A CSV record whose quotes are still open at the end of a line. */
  #open: { text: string; line: number } | null = null;

  get delimiter(): Delimiter | null {
    return this.#delimiter;
  }

  push(text: string): FileRecord[] {
    const records: FileRecord[] = [];
    const buffer = this.#rest + text;
    let start = 0;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n', start)) {
      this.#take(buffer.slice(start, end), records);
      start = end + 1;
    }
    this.#rest = buffer.slice(start);
    if (this.#rest.length > MAX_RECORD_LENGTH) this.#tooLong(this.#lineNumber + 1);
    return records;
  }

  end(): FileRecord[] {
    const records: FileRecord[] = [];
    if (this.#rest !== '') this.#take(this.#rest, records);
    this.#rest = '';
    if (this.#open !== null) {
      // Quotes left open at the end of the file: the record ends there.
      records.push({
        line: this.#open.line,
        fields: splitQuoted(this.#open.text, this.#delimiter!).fields,
      });
      this.#open = null;
    }
    return records;
  }

  #take(rawLine: string, records: FileRecord[]): void {
    this.#lineNumber++;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (this.#open !== null) {
      const open = this.#open;
      open.text += `\n${line}`;
      if (open.text.length > MAX_RECORD_LENGTH) this.#tooLong(open.line);
      this.#takeQuoted(open.text, open.line, records);
      return;
    }
    if (line.trim() === '') return;
    const delimiter = (this.#delimiter ??= delimiterOf(line));
    if (delimiter !== '|' && line.includes('"')) {
      this.#takeQuoted(line, this.#lineNumber, records);
      return;
    }
    const fields = line.split(delimiter);
    if (fields.some((field) => field.trim() !== ''))
      records.push({ line: this.#lineNumber, fields });
  }

  #takeQuoted(text: string, line: number, records: FileRecord[]): void {
    const { fields, open } = splitQuoted(text, this.#delimiter!);
    this.#open = open ? { text, line } : null;
    if (!open) records.push({ line, fields });
  }

  #tooLong(line: number): never {
    throw new ProposalFileError(
      'line_too_long',
      `La línea ${line} tiene más de ${MAX_RECORD_LENGTH} caracteres: el archivo no es una propuesta del RCE de SIRE.`,
    );
  }
}
