import { API_MESSAGES, DOCUMENT_TYPES, SUNAT_VALIDITY_MESSAGES } from '@sufel/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { toEnglish } from './translate';

function shape(value: unknown): unknown {
  if (typeof value === 'function') return `function/${value.length}`;
  if (typeof value !== 'object' || value === null) return typeof value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, shape(inner)]),
  );
}

describe('catalogues', () => {
  it('say the same things in English as in Spanish', () => {
    expect(shape(en)).toEqual(shape(es));
  });

  it('name document types as the contract does', () => {
    for (const [code, info] of Object.entries(DOCUMENT_TYPES)) {
      expect(es.documentTypes[code as keyof typeof es.documentTypes]).toEqual(info);
    }
  });

  it('translate every message the API can answer, also by its text', () => {
    const missing = [
      ...Object.values(API_MESSAGES).filter((text) => !/\{\w+\}/.test(text)),
      ...Object.values(SUNAT_VALIDITY_MESSAGES),
    ].filter((text) => toEnglish(text) === text);
    expect(missing).toEqual([]);
  });

  it("translate the catalogue's own Spanish and the server's, leaving unknown text alone", () => {
    expect(toEnglish(es.common.dateInFuture)).toBe(en.common.dateInFuture);
    expect(toEnglish('documento no encontrado')).toBe('Document not found');
    expect(toEnglish('Mensaje nuevo del servidor')).toBe('Mensaje nuevo del servidor');
  });
});
