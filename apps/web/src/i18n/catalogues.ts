import { es, type Messages } from './es';
import type { Language } from './language';

/** A language's texts and the way server and rule messages reach it. */
export interface Catalogue {
  t: Messages;
  translate: (message: string) => string;
  /** An error answer, by its catalogue `code` when it has one the page knows. */
  translateError: (code: string | null, message: string) => string;
}

export const spanishCatalogue: Catalogue = {
  t: es,
  translate: (message) => message,
  translateError: (_code, message) => message,
};

let english: Catalogue | undefined;
let englishLoading: Promise<Catalogue> | undefined;

/** The catalogue if it is already at hand; Spanish always is. */
export function loadedCatalogue(language: Language): Catalogue | undefined {
  return language === 'es' ? spanishCatalogue : english;
}

/** Fetches a catalogue once; later calls answer the same one. */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  if (language === 'es') return Promise.resolve(spanishCatalogue);
  englishLoading ??= import('./english').then(
    ({ en, toEnglish, errorToEnglish }) =>
      (english = { t: en, translate: toEnglish, translateError: errorToEnglish }),
    (error: unknown) => {
      // A failed download may succeed later (the network came back): let the next call retry.
      englishLoading = undefined;
      throw error;
    },
  );
  return englishLoading;
}
