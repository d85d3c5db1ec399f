import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a sealed secret could not be opened. */
export type UnreadableReason = 'key_changed' | 'damaged';

export class SecretUnreadableError extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(
      reason === 'key_changed'
        ? 'the secret was sealed under another SECRETS_KEY'
        : 'the sealed secret is damaged or belongs to another record',
    );
    this.name = 'SecretUnreadableError';
  }
}

/**
 * AES-256-GCM under a key derived (HKDF-SHA-256) from SECRETS_KEY. Each sealed
 * value carries a fingerprint of the key that sealed it, so a changed key is
 * told apart from a damaged value, and is bound to its record's name (the
 * additional data), so a sealed value copied onto another record does not open.
 */
export class SecretBox {
  private readonly key: Buffer;
  /** Fingerprint of the key: safe to store and compare, says nothing of the key. */
  readonly keyId: string;

  constructor(secretsKey: string) {
    if (secretsKey.length < 32) throw new Error('SECRETS_KEY must be at least 32 characters long');
    this.key = Buffer.from(
      hkdfSync('sha256', secretsKey, 'sufel-secrets', 'aes-256-gcm sealed secrets', 32),
    );
    this.keyId = createHmac('sha256', this.key)
      .update('sufel key fingerprint')
      .digest('base64url')
      .slice(0, 11);
  }

  /** `v1.<key id>.<iv>.<ciphertext>.<tag>`, every part base64url. */
  seal(plaintext: string, name: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string, name: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretUnreadableError('damaged');
    const [, keyId, iv, ciphertext, tag] = parts as [string, string, string, string, string];
    if (keyId !== this.keyId) throw new SecretUnreadableError('key_changed');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretUnreadableError('damaged');
    }
  }

  /** Whether `sealed` was sealed under this box's key (without opening it). */
  sealedHere(sealed: string): boolean {
    return sealed.split('.')[1] === this.keyId;
  }
}
