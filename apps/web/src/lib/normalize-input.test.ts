import { describe, expect, it } from 'vitest';
import { digitsOnly, fitInput, nativeMaxLength, upperCase } from './normalize-input';

describe('fitting typed and pasted text into a field', () => {
  it('keeps the eleven digits of a RUC pasted with spaces or its printed label', () => {
    expect(fitInput(' 20606433094', digitsOnly, 11)).toBe('20606433094');
    expect(fitInput('20606433094 \n', digitsOnly, 11)).toBe('20606433094');
    expect(fitInput('R.U.C. N° 20606433094', digitsOnly, 11)).toBe('20606433094');
    expect(fitInput('RUC: 20-60643309-4', digitsOnly, 11)).toBe('20606433094');
  });

  it('keeps the eight digits of a DNI pasted with its label', () => {
    expect(fitInput('DNI 45288569', digitsOnly, 8)).toBe('45288569');
  });

  it('cuts what is still too long after the rewrite', () => {
    expect(fitInput('206064330941', digitsOnly, 11)).toBe('20606433094');
    expect(fitInput('f001-00000003', upperCase, 6)).toBe('F001-0');
  });

  it('leaves text alone when the field rewrites nothing and has no limit', () => {
    expect(fitInput(' 1,180.00 ')).toBe(' 1,180.00 ');
    expect(fitInput('abc', undefined, 2)).toBe('ab');
  });

  it('lets the browser cut only fields that rewrite nothing', () => {
    expect(nativeMaxLength(digitsOnly, 11)).toBeUndefined();
    expect(nativeMaxLength(undefined, 20)).toBe(20);
  });
});
