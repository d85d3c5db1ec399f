import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { isHttpError, isNetworkError } from './http-error';

/** What to tell the user about a failed call: the server's own words when it gave some. */
export function useErrorMessage(): (error: unknown) => string {
  const { t, translateError } = useI18n();
  return useCallback(
    (error: unknown) => {
      if (isHttpError(error) && error.serverMessage) {
        return translateError(error.code, error.serverMessage);
      }
      if (isNetworkError(error)) return t.common.networkError;
      return t.common.unexpectedError;
    },
    [t, translateError],
  );
}
