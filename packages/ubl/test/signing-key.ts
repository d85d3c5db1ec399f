import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SigningKey {
  /** PEM of a throw-away RSA-2048 private key. */
  key: string;
  /** PEM of a self-signed certificate for it. */
  cert: string;
}

/** A new key and certificate made by openssl, for signing documents in tests and benches. */
export function makeSigningKey(subject: string, days: number): SigningKey {
  const scratch = mkdtempSync(path.join(tmpdir(), 'sufel-signing-key-'));
  try {
    const keyFile = path.join(scratch, 'key.pem');
    const certFile = path.join(scratch, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        String(days),
        '-subj',
        subject,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
