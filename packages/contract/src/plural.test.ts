import { describe, expect, it } from 'vitest';
import { countOf } from './plural.js';

describe('countOf', () => {
  it('puts the noun in the number the count takes', () => {
    expect(countOf(1, 'minuto', 'minutos')).toBe('1 minuto');
    expect(countOf(2, 'comprobante', 'comprobantes')).toBe('2 comprobantes');
    expect(countOf(0, 'comprobante', 'comprobantes')).toBe('0 comprobantes');
  });
});
