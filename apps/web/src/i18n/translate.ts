import { API_MESSAGES } from '@sufel/contract/messages';
import { API_MESSAGES_EN } from './api-messages-en';
import { en } from './en';
import { es } from './es';
import { SERVER_MESSAGES_EN } from './server-messages-en';

type Catalogue = Record<string, unknown>;

function pairStrings(spanish: Catalogue, english: Catalogue, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(spanish)) {
    const other = english[key];
    if (typeof value === 'string' && typeof other === 'string') into.set(value, other);
    else if (typeof value === 'object' && value !== null && typeof other === 'object' && other)
      pairStrings(value as Catalogue, other as Catalogue, into);
  }
}

let englishBySpanish: Map<string, string> | undefined;

/**
 * Validation rules carry their messages in Spanish (the contract's, and the
 * catalogue's own); this finds the English text of any of them.
 */
export function toEnglish(spanish: string): string {
  if (englishBySpanish === undefined) {
    englishBySpanish = new Map(Object.entries(SERVER_MESSAGES_EN));
    // Answers that are not errors (a success's `message`) carry no code: their text finds them.
    pairStrings(API_MESSAGES, API_MESSAGES_EN, englishBySpanish);
    pairStrings(es, en, englishBySpanish);
  }
  return englishBySpanish.get(spanish) ?? spanish;
}
