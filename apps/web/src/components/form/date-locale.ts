import { enUS as pickerEnglish, esES as pickerSpanish } from '@mui/x-date-pickers/locales';
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { WEEK_STARTS_ON } from '../../config/seed-constants';
import type { Language } from '../../i18n/language';

function startingWeeksOnSunday(locale: Locale): Locale {
  return { ...locale, options: { ...locale.options, weekStartsOn: WEEK_STARTS_ON } };
}

/** date-fns locales for the calendars; Spanish weeks start on Sunday too, as in Peru. */
export const DATE_LOCALES: Readonly<Record<Language, Locale>> = {
  es: startingWeeksOnSunday(es),
  en: startingWeeksOnSunday(enUS),
};

/** The pickers' own texts (toolbar, buttons, screen-reader labels). */
export const PICKER_TEXTS = {
  es: pickerSpanish.components.MuiLocalizationProvider.defaultProps.localeText,
  en: pickerEnglish.components.MuiLocalizationProvider.defaultProps.localeText,
};

/** How dates are typed and shown in Peru. */
export const DATE_INPUT_FORMAT = 'dd/MM/yyyy';
