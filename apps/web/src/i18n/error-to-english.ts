import {
  API_MESSAGES,
  formatMessage,
  readMessageParams,
  type ApiMessageKey,
} from '@sufel/contract/messages';
import { API_MESSAGES_EN } from './api-messages-en';
import { toEnglish } from './translate';

function isKnownCode(code: string): code is ApiMessageKey {
  return Object.hasOwn(API_MESSAGES_EN, code);
}

/**
 * An error answer in English, found by its `code`: the values the Spanish
 * message was filled with go into the English one (themselves translated when
 * they are messages too). A server older or newer than this page may send no
 * code, or one this page does not know: then the Spanish text is looked up.
 */
export function errorToEnglish(code: string | null, message: string): string {
  if (code !== null && isKnownCode(code)) {
    const params = readMessageParams(API_MESSAGES[code], message);
    if (params !== null) {
      const english = Object.fromEntries(
        Object.entries(params).map(([name, value]) => [name, toEnglish(value)]),
      );
      return formatMessage(API_MESSAGES_EN[code], english);
    }
  }
  return toEnglish(message);
}
