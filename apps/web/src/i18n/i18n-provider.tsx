import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { loadCatalogue, loadedCatalogue, spanishCatalogue, type Catalogue } from './catalogues';
import type { Messages } from './es';
import { applyDocumentLanguage, storeLanguage, type Language } from './language';

interface I18nValue {
  language: Language;
  t: Messages;
  setLanguage: (language: Language) => void;
  /** A message of the server or of the contract, in the chosen language when known. */
  translate: (message: string) => string;
  /** An error answer of the server, by its catalogue code (its text when the code is unknown). */
  translateError: (code: string | null, message: string) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The chosen language's texts. Only Spanish ships with the first page; another
 * language's catalogue downloads when chosen, and the page switches once it has
 * arrived. Start-up fetches the remembered one before the first render; one
 * that is not at hand yet starts in Spanish.
 */
export function I18nProvider({
  initialLanguage,
  children,
}: {
  initialLanguage: Language;
  children: ReactNode;
}) {
  const [shown, setShown] = useState<{ language: Language; catalogue: Catalogue }>(() => {
    const catalogue = loadedCatalogue(initialLanguage);
    return catalogue
      ? { language: initialLanguage, catalogue }
      : { language: 'es', catalogue: spanishCatalogue };
  });

  const setLanguage = useCallback((next: Language) => {
    loadCatalogue(next).then(
      (catalogue) => {
        storeLanguage(next);
        applyDocumentLanguage(next);
        setShown({ language: next, catalogue });
      },
      (error: unknown) => console.error(`The ${next} texts could not be loaded:`, error),
    );
  }, []);

  const value = useMemo<I18nValue>(
    () => ({
      language: shown.language,
      t: shown.catalogue.t,
      translate: shown.catalogue.translate,
      translateError: shown.catalogue.translateError,
      setLanguage,
    }),
    [shown, setLanguage],
  );

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = use(I18nContext);
  if (value === null) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
