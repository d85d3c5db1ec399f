import { openZip, readCdrXml, UblError, type ZipArchive } from '@sufel/ubl';
import path from 'node:path';
import type { ReceivedFile } from '../inbox/received-intake.js';

/** Why a file, or an entry of a ZIP, was not read as a document. */
export const RECEIVED_FILE_REASONS = {
  notDocument:
    'No es un archivo XML ni ZIP: envíe el XML del comprobante o un ZIP que lo contenga.',
  notDocumentEntry: 'No es un XML, un PDF ni una constancia de SUNAT: no se lee.',
  pdfAlone:
    'Un PDF solo no es un comprobante: envíelo junto con su XML (por ejemplo, ambos en un ZIP con el mismo nombre).',
  cdrAlone:
    'Esta constancia de SUNAT (CDR) no corresponde a ningún comprobante de esta carga: envíela junto con su XML.',
  emptyZip: 'El ZIP no contiene comprobantes en XML.',
  empty: 'El archivo está vacío (0 bytes).',
} as const;

/** A file as received; `refusal` when the upload refused it before reading (its size). */
export interface UploadedFile extends ReceivedFile {
  refusal?: string | undefined;
}

/** An XML document to read, with the PDF and CDR that came beside it. */
export interface DocumentFile {
  name: string;
  xml: Uint8Array;
  /** The file name's key (`RUC-TT-SSSS-NNNNNNNN`), when it follows SUNAT's naming. */
  nameKey: string | null;
}

/** A CDR (SUNAT's answer, its XML) or a printed PDF, waiting for the document it belongs to. */
export interface CompanionFile {
  name: string;
  kind: 'cdr' | 'pdf';
  bytes: Uint8Array;
  nameKey: string | null;
}

/** One line of the answer, in the order the files came: a document to read, or a refusal. */
export type ReceivedItem =
  { kind: 'document'; file: DocumentFile } | { kind: 'refused'; name: string; reason: string };

export interface ReceivedBatch {
  items: ReceivedItem[];
  companions: CompanionFile[];
}

const NAME_KEY = /(\d{11})-(\d{2})-([A-Z0-9]{4})-0*(\d{1,8})$/i;

/** `20100070970-01-F001-00000123` (R- prefix and extension aside) as one comparable text. */
export function nameKeyOf(fileName: string): string | null {
  const stem = path.basename(fileName.replace(/\\/g, '/')).replace(/\.[^.]*$/, '');
  const match = NAME_KEY.exec(stem);
  if (match === null) return null;
  const [, ruc, type, series, number] = match;
  return `${ruc}-${type}-${series!.toUpperCase()}-${Number(number)}`;
}

function extensionOf(name: string): string {
  return path.extname(name).toLowerCase();
}

function isCdrName(name: string): boolean {
  return /^R-/i.test(path.basename(name.replace(/\\/g, '/')));
}

function companion(name: string, kind: CompanionFile['kind'], bytes: Uint8Array): CompanionFile {
  return { name, kind, bytes, nameKey: nameKeyOf(name) };
}

/**
 * Every entry of a ZIP read now, so that an archive refused for what lies
 * deep inside (another archive in disguise) is refused whole, before anything
 * of it is kept.
 */
function readArchive(zip: Uint8Array, zipName: string): ReceivedBatch {
  const archive: ZipArchive = openZip(zip, { subject: `El ZIP '${zipName}'` });
  const items: ReceivedItem[] = [];
  const companions: CompanionFile[] = [];
  for (const entry of archive.entries) {
    const name = `${zipName}/${entry.name}`;
    const extension = extensionOf(entry.name);
    if (entry.cdrArchive) {
      companions.push(companion(name, 'cdr', readCdrXml(archive.openNested(entry))));
    } else if (extension === '.xml' && isCdrName(entry.name)) {
      companions.push(companion(name, 'cdr', entry.read()));
    } else if (extension === '.xml') {
      items.push({ kind: 'document', file: { name, xml: entry.read(), nameKey: nameKeyOf(name) } });
    } else if (extension === '.pdf') {
      companions.push(companion(name, 'pdf', entry.read()));
    } else {
      items.push({ kind: 'refused', name, reason: RECEIVED_FILE_REASONS.notDocumentEntry });
    }
  }
  if (!items.some((item) => item.kind === 'document')) {
    items.unshift({ kind: 'refused', name: zipName, reason: RECEIVED_FILE_REASONS.emptyZip });
  }
  return { items, companions };
}

/**
 * The received files sorted into documents, their companions and refusals: a
 * ZIP is opened through the safe reader and refused whole, with its reason,
 * when it breaks a limit; a SUNAT CDR (`R-*.xml`, `R-*.zip`) or a PDF waits for
 * the document it names.
 */
export function sortReceivedFiles(files: readonly UploadedFile[]): ReceivedBatch {
  const items: ReceivedItem[] = [];
  const companions: CompanionFile[] = [];
  for (const file of files) {
    const extension = extensionOf(file.name);
    if (file.refusal !== undefined) {
      items.push({ kind: 'refused', name: file.name, reason: file.refusal });
    } else if (file.bytes.length === 0) {
      items.push({ kind: 'refused', name: file.name, reason: RECEIVED_FILE_REASONS.empty });
    } else if (extension === '.xml' && isCdrName(file.name)) {
      companions.push(companion(file.name, 'cdr', file.bytes));
    } else if (extension === '.xml') {
      items.push({
        kind: 'document',
        file: { name: file.name, xml: file.bytes, nameKey: nameKeyOf(file.name) },
      });
    } else if (extension === '.zip' && isCdrName(file.name)) {
      companions.push(companion(file.name, 'cdr', file.bytes));
    } else if (extension === '.zip') {
      try {
        const archive = readArchive(file.bytes, file.name);
        items.push(...archive.items);
        companions.push(...archive.companions);
      } catch (error) {
        if (!(error instanceof UblError)) throw error;
        items.push({ kind: 'refused', name: file.name, reason: error.message });
      }
    } else if (extension === '.pdf') {
      companions.push(companion(file.name, 'pdf', file.bytes));
    } else {
      items.push({ kind: 'refused', name: file.name, reason: RECEIVED_FILE_REASONS.notDocument });
    }
  }
  return { items, companions };
}
