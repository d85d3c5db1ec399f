import { loadPasswordRater } from '@sufel/password-strength';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { WorkOverBudget, WorkPoolUnavailable } from '../workers/work-pool.js';
import { PasswordPolicy } from './password-policy.js';

const owner = { ruc: '20415932376', name: 'MI EMPRESA S.A.C.' };

async function refusal(policy: PasswordPolicy, password: string): Promise<AppError | undefined> {
  try {
    await policy.requireStrong(password, owner);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('the password policy', () => {
  const rated = new PasswordPolicy(async (password, words) =>
    (await loadPasswordRater())(password, words),
  );

  it('refuses guessable passwords and the account’s own RUC, and takes a strong one', async () => {
    expect((await refusal(rated, '12345678'))?.statusCode).toBe(400);
    expect((await refusal(rated, '20415932376'))?.statusCode).toBe(400);
    expect(await refusal(rated, 'tortuga-azul-bajo-77-lluvias')).toBeUndefined();
  });

  it('says the server is busy, not that the password is weak, when no worker could rate it', async () => {
    for (const failure of [new WorkOverBudget('time', 10_000), new WorkPoolUnavailable('busy')]) {
      const starved = new PasswordPolicy(() => Promise.reject(failure));
      const error = await refusal(starved, 'tortuga-azul-bajo-77-lluvias');
      expect(error?.statusCode).toBe(503);
    }
  });
});
