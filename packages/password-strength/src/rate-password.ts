/**
 * How guessable a password is, by zxcvbn (dictionaries of common passwords,
 * words and names in Spanish and English, keyboard rows, dates, sequences,
 * repetitions, and the account's own words). The server refuses what scores
 * below MIN_PASSWORD_SCORE; the web shows the same rating while one types.
 */

/** The score (0–4) a password needs: at 3, guessing it takes over 10⁸ attempts. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Only the first characters are rated. The estimator's cost grows steeply with
 * length on repeated patterns (seconds for 64 characters), and a password whose
 * first 32 characters are hard to guess is hard to guess.
 */
export const RATED_LENGTH = 32;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** Why a password is easy to guess, by zxcvbn's name for it; each client words it. */
export type PasswordWarning =
  | 'straightRow'
  | 'keyPattern'
  | 'simpleRepeat'
  | 'extendedRepeat'
  | 'sequences'
  | 'recentYears'
  | 'dates'
  | 'topTen'
  | 'topHundred'
  | 'common'
  | 'similarToCommon'
  | 'wordByItself'
  | 'namesByThemselves'
  | 'commonNames'
  | 'userInputs'
  | 'pwned';

export interface PasswordRating {
  score: PasswordScore;
  strongEnough: boolean;
  /** The main reason it is guessable, when the estimator names one. */
  warning: PasswordWarning | null;
}

/** Rates a password; `accountWords` are words of its account it must not lean on. */
export type RatePassword = (password: string, accountWords: readonly string[]) => PasswordRating;

/** The words of an account a password must not lean on: its RUC, its name and each word of it. */
export function accountWords(account: { ruc: string; name?: string | undefined }): string[] {
  const name = account.name?.trim().toLowerCase() ?? '';
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  return [...new Set([account.ruc, ...(name === '' ? [] : [name]), ...words])];
}

let loading: Promise<RatePassword> | undefined;

/**
 * The rater, its dictionaries (about 2 MB) loaded on the first call: the
 * server's workers and the web's forms load them only when a password is set.
 */
export function loadPasswordRater(): Promise<RatePassword> {
  loading ??= build().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function build(): Promise<RatePassword> {
  const [{ ZxcvbnFactory }, common, spanish] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-es-es'),
  ]);
  // Without translations the estimator names its warnings by key.
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: RATED_LENGTH,
  });
  return (password, words) => {
    const { score, feedback } = zxcvbn.check(password, [...words]);
    return {
      score,
      strongEnough: score >= MIN_PASSWORD_SCORE,
      warning: (feedback.warning as PasswordWarning | null) ?? null,
    };
  };
}
