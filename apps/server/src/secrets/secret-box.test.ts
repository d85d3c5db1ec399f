import { describe, expect, it } from 'vitest';
import { SecretBox, SecretUnreadableError } from './secret-box.js';

const KEY = 'una-clave-de-prueba-de-32-caracteres-o-mas';
const box = new SecretBox(KEY);

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretUnreadableError) return error.reason;
    throw error;
  }
  return 'opened';
}

describe('SecretBox', () => {
  it('opens what it sealed, and never shows the plain value in the sealed text', () => {
    const sealed = box.seal('secreto-de-cliente-123', 'sunat:20100000001');
    expect(sealed).toMatch(/^v1\.[\w-]{11}\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('secreto');
    expect(box.open(sealed, 'sunat:20100000001')).toBe('secreto-de-cliente-123');
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
    expect(box.open(box.seal('clave ñandú 🔑', 'x'), 'x')).toBe('clave ñandú 🔑');
  });

  it('seals the same value differently each time (a fresh IV)', () => {
    const sealed = new Set(Array.from({ length: 50 }, () => box.seal('mismo', 'n')));
    expect(sealed.size).toBe(50);
  });

  it('tells a changed key apart from a damaged value', () => {
    const sealed = box.seal('valor', 'sunat:20100000001');
    const rotated = new SecretBox(`${KEY}-rotada`);
    expect(rotated.keyId).not.toBe(box.keyId);
    expect(reasonOf(() => rotated.open(sealed, 'sunat:20100000001'))).toBe('key_changed');
    expect(box.sealedHere(sealed)).toBe(true);
    expect(rotated.sealedHere(sealed)).toBe(false);

    const parts = sealed.split('.');
    const flipped = parts[3]!.startsWith('A') ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    const tampered = [...parts.slice(0, 3), flipped, parts[4]].join('.');
    expect(reasonOf(() => box.open(tampered, 'sunat:20100000001'))).toBe('damaged');
    expect(reasonOf(() => box.open('no es un secreto', 'sunat:20100000001'))).toBe('damaged');
  });

  it('does not open a sealed value copied onto another record', () => {
    const sealed = box.seal('valor', 'sunat:20100000001');
    expect(reasonOf(() => box.open(sealed, 'sunat:20100000002'))).toBe('damaged');
  });

  it('derives the same key from the same SECRETS_KEY, and refuses a short one', () => {
    expect(new SecretBox(KEY).open(box.seal('valor', 'n'), 'n')).toBe('valor');
    expect(() => new SecretBox('corta')).toThrow(/at least 32/);
  });
});
