import { API_MESSAGES, type ApiMessageKey } from '@sufel/contract';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES_EN } from './api-messages-en';
import { errorToEnglish } from './error-to-english';

const MARKS = /\{\w+\}/g;

describe('errorToEnglish', () => {
  it('has English for every code of the catalogue, with the same marks', () => {
    for (const code of Object.keys(API_MESSAGES) as ApiMessageKey[]) {
      expect(API_MESSAGES_EN[code], code).toBeTypeOf('string');
      expect(API_MESSAGES_EN[code].match(MARKS)?.sort(), code).toEqual(
        API_MESSAGES[code].match(MARKS)?.sort(),
      );
    }
    expect(Object.keys(API_MESSAGES_EN).sort()).toEqual(Object.keys(API_MESSAGES).sort());
  });

  it('translates by code, carrying the values over', () => {
    expect(errorToEnglish('documentNotFound', 'documento no encontrado')).toBe(
      'Document not found',
    );
    expect(
      errorToEnglish(
        'proposalOtherRuc',
        'La propuesta es del RUC 20100070970, no de esta cuenta (20415932376).',
      ),
    ).toBe('The proposal belongs to RUC 20100070970, not to this account (20415932376).');
  });

  it('translates the values that are messages themselves', () => {
    expect(errorToEnglish('validationFailedField', 'Ingrese el RUC. (campo: ruc)')).toBe(
      'Enter the RUC. (field: ruc)',
    );
  });

  it('falls back to the text when the code is missing, unknown or does not match it', () => {
    expect(errorToEnglish(null, 'documento no encontrado')).toBe('Document not found');
    expect(errorToEnglish('aNewerCode', 'credenciales inválidas')).toBe('Invalid credentials');
    expect(errorToEnglish('proposalOtherRuc', 'Mensaje nuevo del servidor')).toBe(
      'Mensaje nuevo del servidor',
    );
  });
});
