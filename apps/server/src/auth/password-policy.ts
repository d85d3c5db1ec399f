import { accountWords, type PasswordRating } from '@sufel/password-strength';
import { AppError } from '../errors.js';
import { serverBusy, WorkOverBudget, WorkPoolUnavailable } from '../workers/work-pool.js';

/** Rates a password off the main thread (the work pool's `ratePassword`). */
export type PasswordRater = (
  password: string,
  accountWords: readonly string[],
) => Promise<PasswordRating>;

/** The account a new password is for: its words must not carry the password. */
export interface PasswordOwner {
  ruc: string;
  name?: string | undefined;
}

/**
 * Every new password (registration, change, reset, operator) must be hard to
 * guess, not only 8 characters long: common passwords, lone words and names,
 * dates, keyboard rows and the account's own RUC or name are refused.
 */
export class PasswordPolicy {
  constructor(private readonly rate: PasswordRater) {}

  async requireStrong(password: string, owner: PasswordOwner): Promise<void> {
    let rating: PasswordRating;
    try {
      rating = await this.rate(password, accountWords(owner));
    } catch (error) {
      // Only the first RATED_LENGTH characters are rated, which takes milliseconds: a
      // rating past its budget means a starved worker, not a guessable password.
      if (error instanceof WorkOverBudget || error instanceof WorkPoolUnavailable) {
        throw serverBusy();
      }
      throw error;
    }
    if (!rating.strongEnough) throw AppError.of('bad_request', 'weakPassword');
  }
}
