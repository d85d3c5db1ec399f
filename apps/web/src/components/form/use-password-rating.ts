import type { PasswordRating } from '@sufel/password-strength';
import { useEffect, useState } from 'react';

/** The shortest password the server takes, before any rating matters. */
export const PASSWORD_MIN_LENGTH = 8;

/** Waits this long after the last keystroke: rating costs tens of milliseconds. */
const RATING_DELAY_MS = 250;

/** The account a password is for: its RUC and name must not carry the password. */
export interface PasswordAccount {
  ruc: string;
  name?: string | undefined;
}

/**
 * How guessable the typed password is, rated as the server will rate it; null
 * while it is short or still being rated. The estimator and its dictionaries
 * download on the first rating, never with the page.
 */
export function usePasswordRating(
  password: string,
  account: PasswordAccount,
): PasswordRating | null {
  const [rated, setRated] = useState<{ password: string; rating: PasswordRating } | null>(null);
  const { ruc, name } = account;
  useEffect(() => {
    if (password.length < PASSWORD_MIN_LENGTH) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      import('@sufel/password-strength')
        .then(async ({ accountWords, loadPasswordRater }) => {
          const rate = await loadPasswordRater();
          const rating = rate(password, accountWords({ ruc, name }));
          if (current) setRated({ password, rating });
        })
        .catch((error: unknown) => {
          // Only the hint is lost: the server rates the password when it is sent.
          console.warn('The password strength hint could not load', error);
        });
    }, RATING_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, ruc, name]);
  return rated?.password === password ? rated.rating : null;
}
