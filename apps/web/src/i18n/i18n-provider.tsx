import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { en } from './en';
import { es, type Messages } from './es';
import { applyDocumentLanguage, storeLanguage, type Language } from './language';
import { toEnglish } from './translate';

const CATALOGUES: Record<Language, Messages> = { es, en };

interface I18nValue {
  language: Language;
  t: Messages;
  setLanguage: (language: Language) => void;
  /** A message of the server or of the contract, in the chosen language when known. */
  translate: (message: string) => string;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({
  initialLanguage,
  children,
}: {
  initialLanguage: Language;
  children: ReactNode;
}) {
  const [language, setLanguageState] = useState(initialLanguage);

  const setLanguage = useCallback((next: Language) => {
    storeLanguage(next);
    applyDocumentLanguage(next);
    setLanguageState(next);
  }, []);

  const value = useMemo<I18nValue>(() => {
    const t = CATALOGUES[language];
    const translate = language === 'es' ? (message: string) => message : toEnglish;
    return { language, t, setLanguage, translate };
  }, [language, setLanguage]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nValue {
  const value = use(I18nContext);
  if (value === null) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
