import type { FileType } from '@sufel/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Download links handed to an issuer after publishing live one day. */
export const LINK_TTL_SECONDS = 24 * 60 * 60;

/**
 * `/file/{hash}/{type}` links: the "hash" carries the document id and an expiry,
 * signed with a key derived from the token secret, so a link cannot be forged
 * or stretched, and the server keeps no state for it.
 */
export class SignedLinks {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHmac('sha256', secret).update('sufel file links v1').digest();
  }

  create(documentId: number): string {
    const expires = Math.floor(this.now().getTime() / 1000) + LINK_TTL_SECONDS;
    const payload = Buffer.from(`${documentId}.${expires}`).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The document id a link opens, or null when it is forged, damaged or expired. */
  open(hash: string): number | null {
    const [payload, signature, ...rest] = hash.split('.');
    if (payload === undefined || signature === undefined || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const match = /^(\d{1,10})\.(\d{1,12})$/.exec(Buffer.from(payload, 'base64url').toString());
    if (!match) return null;
    if (Number(match[2]) < this.now().getTime() / 1000) return null;
    return Number(match[1]);
  }

  urls(baseUrl: string, documentId: number, types: readonly FileType[]): Record<FileType, string> {
    const hash = this.create(documentId);
    const urls = {} as Record<FileType, string>;
    for (const type of types) urls[type] = `${baseUrl}/file/${hash}/${type}`;
    return urls;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
