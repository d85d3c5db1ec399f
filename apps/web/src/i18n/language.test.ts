import { describe, expect, it } from 'vitest';
import {
  applyDocumentLanguage,
  LANGUAGE_STORAGE_KEY,
  readStoredLanguage,
  storeLanguage,
} from './language';

describe('language choice', () => {
  it('starts in Spanish', () => {
    expect(readStoredLanguage()).toBe('es');
  });

  it('remembers the choice in localStorage', () => {
    storeLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(readStoredLanguage()).toBe('en');
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(readStoredLanguage()).toBe('es');
  });

  it('sets <html lang>', () => {
    applyDocumentLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
