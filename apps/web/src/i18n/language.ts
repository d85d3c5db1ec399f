export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'es';
export const LANGUAGE_STORAGE_KEY = 'sufel.language';

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

/** The language the visitor chose last time, Spanish otherwise. */
export function readStoredLanguage(storage?: Storage): Language {
  try {
    const stored = (storage ?? localStorage).getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch (error) {
    console.warn('The remembered language could not be read:', error);
    return DEFAULT_LANGUAGE;
  }
}

/** Remembers the choice; a browser that refuses storage only loses the memory of it. */
export function storeLanguage(language: Language, storage?: Storage): void {
  try {
    (storage ?? localStorage).setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.warn('The language choice could not be remembered:', error);
  }
}

/** Keeps `<html lang>` in step so assistive technology reads the right language. */
export function applyDocumentLanguage(language: Language, doc: Document = document): void {
  doc.documentElement.lang = language;
}
