import { describe, expect, it } from 'vitest';
import { SignedLinks } from './signed-links.js';

const secret = new TextEncoder().encode('k'.repeat(48));

describe('SignedLinks', () => {
  it('opens its own links for a day', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const links = new SignedLinks(secret, () => now);
    const hash = links.create(42);
    expect(links.open(hash)).toBe(42);
    now = new Date('2026-01-01T23:59:59Z');
    expect(links.open(hash)).toBe(42);
    now = new Date('2026-01-02T00:00:01Z');
    expect(links.open(hash)).toBeNull();
  });

  it('refuses forged, altered or foreign links', () => {
    const links = new SignedLinks(secret);
    const hash = links.create(42);
    const [payload, signature] = hash.split('.') as [string, string];
    const otherPayload = Buffer.from('43.9999999999').toString('base64url');
    expect(links.open(`${otherPayload}.${signature}`)).toBeNull();
    expect(links.open(`${payload}.${signature.slice(1)}x`)).toBeNull();
    expect(links.open('garbage')).toBeNull();
    expect(links.open(`${hash}.extra`)).toBeNull();
    expect(new SignedLinks(new TextEncoder().encode('o'.repeat(48))).open(hash)).toBeNull();
  });

  it('builds absolute URLs for each file', () => {
    const links = new SignedLinks(secret);
    const urls = links.urls('https://sufel.example.pe', 7, ['xml', 'pdf']);
    expect(urls.xml).toMatch(/^https:\/\/sufel\.example\.pe\/file\/[\w-]+\.[\w-]+\/xml$/);
    expect(urls.pdf.replace(/pdf$/, 'xml')).toBe(urls.xml);
  });
});
