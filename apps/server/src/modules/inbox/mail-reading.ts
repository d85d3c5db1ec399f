import { simpleParser, type AddressObject } from 'mailparser';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ReceivedFile } from './received-intake.js';

/** Headers beyond this are not read: a real header block is a few kilobytes. */
const MAX_HEADER_BYTES = 512 * 1024;
/** Sender and subject are kept this long in the log. */
const MAX_TEXT = 500;

/** What the log shows of a mail, and what tells one delivery of it from another mail. */
export interface MailHead {
  sender: string;
  subject: string;
  messageId: string | null;
  /** Message-ID and a hash of the body: relays add headers, but leave both alone. */
  dedupeKey: string;
  /** Every address in Delivered-To, X-Original-To and Envelope-To, as the mailbox's server wrote them. */
  deliveredTo: string[];
  /** Every address in To and Cc. */
  addressedTo: string[];
}

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Where the header block ends and the body begins (after the blank line). */
function bodyStart(raw: Uint8Array): { headerEnd: number; bodyStart: number } {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const limit = Math.min(bytes.length, MAX_HEADER_BYTES);
  for (let i = 0; i < limit; i += 1) {
    if (bytes[i] !== 0x0a) continue;
    if (bytes[i + 1] === 0x0a) return { headerEnd: i + 1, bodyStart: i + 2 };
    if (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a)
      return { headerEnd: i + 1, bodyStart: i + 3 };
  }
  return { headerEnd: limit, bodyStart: bytes.length };
}

function cut(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length <= MAX_TEXT ? single : `${single.slice(0, MAX_TEXT - 1)}…`;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const found: string[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.address !== undefined && entry.address !== '') found.push(entry.address);
      if (entry.group !== undefined) walk(entry.group);
    }
  };
  for (const object of objects) walk(object.value);
  return found;
}

/** The sender as people write it: `Name <address>`, without the quotes MIME needs. */
function senderOf(from: AddressObject | undefined): string {
  if (from === undefined) return '';
  return from.value
    .map(({ name, address }) =>
      name === '' ? (address ?? '') : address ? `${name} <${address}>` : name,
    )
    .join(', ');
}

const DELIVERY_HEADERS = new Set(['delivered-to', 'x-original-to', 'envelope-to']);

/**
 * Reads the header block only (decoding encoded words), so that receiving a
 * large mail costs no more than hashing it.
 */
export async function readMailHead(raw: Uint8Array): Promise<MailHead> {
  const { headerEnd, bodyStart: start } = bodyStart(raw);
  const headers = Buffer.concat([
    Buffer.from(raw.buffer, raw.byteOffset, headerEnd),
    Buffer.from('\r\n'),
  ]);
  const parsed = await simpleParser(headers, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const messageId = parsed.messageId?.trim() || null;
  const deliveredTo = parsed.headerLines
    .filter(({ key }) => DELIVERY_HEADERS.has(key))
    .flatMap(({ line }) => line.slice(line.indexOf(':') + 1).split(','))
    .map((value) => value.replace(/[<>]/g, '').trim())
    .filter((value) => value.includes('@'));
  return {
    sender: cut(senderOf(parsed.from)),
    subject: cut(parsed.subject ?? ''),
    messageId,
    dedupeKey: sha256(`${(messageId ?? '').toLowerCase()}\n${sha256(raw.subarray(start))}`),
    deliveredTo,
    addressedTo: [...addressesOf(parsed.to), ...addressesOf(parsed.cc)],
  };
}

/** An attachment that is not a document, listed in the log with why it was not read. */
export interface SkippedAttachment {
  name: string;
  reason: string;
}

export interface MailAttachments {
  documents: ReceivedFile[];
  skipped: SkippedAttachment[];
}

export const NOT_A_DOCUMENT = 'No es un archivo XML ni ZIP: no se lee.';

const XML_TYPES = new Set(['application/xml', 'text/xml']);
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

function kindOf(name: string, contentType: string): 'xml' | 'zip' | null {
  const extension = path.extname(name).toLowerCase();
  if (extension === '.xml') return 'xml';
  if (extension === '.zip') return 'zip';
  if (extension !== '' && extension !== '.bin' && extension !== '.dat') return null;
  const type = contentType.toLowerCase();
  if (XML_TYPES.has(type)) return 'xml';
  if (ZIP_TYPES.has(type)) return 'zip';
  return null;
}

/** The file name an attachment gets in the log: its own, without any folder, or a made-up one. */
function nameOf(filename: string | undefined, position: number): string {
  const base = (filename ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return base === '' ? `adjunto-${position}` : base.slice(0, 255);
}

/**
 * The attachments of a whole mail: XML and ZIP files go in as an upload would;
 * pictures embedded in the text are not attachments; anything else is listed
 * as not read.
 */
export async function readMailAttachments(raw: Uint8Array): Promise<MailAttachments> {
  const parsed = await simpleParser(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const documents: ReceivedFile[] = [];
  const skipped: SkippedAttachment[] = [];
  let position = 0;
  for (const attachment of parsed.attachments) {
    if (attachment.related === true) continue;
    position += 1;
    const name = nameOf(attachment.filename, position);
    const kind = kindOf(name, attachment.contentType);
    if (kind === null) {
      skipped.push({ name, reason: NOT_A_DOCUMENT });
      continue;
    }
    const withExtension = path.extname(name) === '' ? `${name}.${kind}` : name;
    documents.push({ name: withExtension, bytes: new Uint8Array(attachment.content) });
  }
  return { documents, skipped };
}
