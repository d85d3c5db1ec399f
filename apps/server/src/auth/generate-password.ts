import { randomBytes } from 'node:crypto';

/** A password an operator can dictate: 16 letters and digits, about 95 bits. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(32);
  let password = '';
  for (const byte of bytes) {
    // Skipping bytes past the last whole multiple keeps every character equally likely.
    if (byte >= 256 - (256 % alphabet.length)) continue;
    password += alphabet[byte % alphabet.length];
    if (password.length === 16) return password;
  }
  return password + generatePassword().slice(password.length);
}
