import { describe, expect, it } from 'vitest';
import { needsSunatCheck, verdictOf, VERDICTS, type VerdictFacts } from './verdict.js';

const ACCEPTED: VerdictFacts = {
  signature: 'valida',
  voided: false,
  sunatState: null,
  cdr: 'aceptado',
};

describe('verdictOf', () => {
  it('puts the most serious fact first: altered, voided, rejected, then what the CDR says', () => {
    const everything: VerdictFacts = {
      signature: 'invalida',
      voided: true,
      sunatState: '2',
      cdr: 'rechazado',
    };
    expect(verdictOf(everything)).toBe('xml_alterado');
    expect(verdictOf({ ...everything, signature: 'valida' })).toBe('anulado');
    expect(verdictOf({ ...everything, signature: 'valida', voided: false })).toBe('anulado');
    expect(verdictOf({ ...everything, signature: 'valida', voided: false, sunatState: '1' })).toBe(
      'rechazado',
    );
  });

  it('reads each answer of a CDR, and no CDR as no constancia', () => {
    expect(verdictOf(ACCEPTED)).toBe('aceptado');
    expect(verdictOf({ ...ACCEPTED, cdr: 'observado' })).toBe('observado');
    expect(verdictOf({ ...ACCEPTED, cdr: 'rechazado' })).toBe('rechazado');
    expect(verdictOf({ ...ACCEPTED, cdr: 'de_otro' })).toBe('cdr_de_otro');
    expect(verdictOf({ ...ACCEPTED, cdr: 'error' })).toBe('sin_cdr');
    expect(verdictOf({ ...ACCEPTED, cdr: null })).toBe('sin_cdr');
  });

  it("voids a document SUNAT has as ANULADO today, and only that state of SUNAT's", () => {
    expect(verdictOf({ ...ACCEPTED, sunatState: '2' })).toBe('anulado');
    for (const state of ['0', '1', '3', '4'] as const) {
      expect(verdictOf({ ...ACCEPTED, sunatState: state })).toBe('aceptado');
    }
  });

  it('an unsigned or unchecked XML is judged by SUNAT’s answer alone', () => {
    expect(verdictOf({ ...ACCEPTED, signature: 'ausente' })).toBe('aceptado');
    expect(verdictOf({ ...ACCEPTED, signature: null, cdr: null })).toBe('sin_cdr');
  });

  it('lists the verdicts most serious first, and links SUNAT where no constancia vouches', () => {
    expect(VERDICTS).toEqual([
      'xml_alterado',
      'anulado',
      'rechazado',
      'cdr_de_otro',
      'observado',
      'aceptado',
      'sin_cdr',
    ]);
    expect(VERDICTS.filter(needsSunatCheck)).toEqual(['cdr_de_otro', 'sin_cdr']);
  });
});
