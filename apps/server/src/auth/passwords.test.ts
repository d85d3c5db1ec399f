import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.js';

describe('password hashing', () => {
  const hasher = createPasswordHasher(2 ** 10);

  it('verifies the right password only', async () => {
    const stored = await hasher.hash('clave-segura-1');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(stored).not.toContain('clave-segura-1');
    expect(await hasher.verify('clave-segura-1', stored)).toBe(true);
    expect(await hasher.verify('clave-segura-2', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('igual')).not.toBe(await hasher.hash('igual'));
  });

  it('reads the cost from the stored hash', async () => {
    const stronger = await createPasswordHasher(2 ** 11).hash('clave');
    expect(await hasher.verify('clave', stronger)).toBe(true);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hasher.hash('contrase\u00f1a');
    expect(await hasher.verify('contrasen\u0303a', stored)).toBe(true);
  });

  it('rejects malformed stored values', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$a$b', 'bcrypt$1$2$3$4$5']) {
      expect(await hasher.verify('clave', stored)).toBe(false);
    }
  });

  it('answers false when there is no account', async () => {
    expect(await hasher.verifyNothing('cualquiera')).toBe(false);
  });
});
