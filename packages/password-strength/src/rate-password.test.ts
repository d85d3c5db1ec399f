import { describe, expect, it } from 'vitest';
import { accountWords, loadPasswordRater, RATED_LENGTH } from './rate-password.js';

const account = accountWords({ ruc: '20415932376', name: 'COCA-COLA SERVICIOS DE PERU S.A.' });

describe('accountWords', () => {
  it('takes the RUC, the name and each word of three letters or more', () => {
    expect(account).toEqual([
      '20415932376',
      'coca-cola servicios de peru s.a.',
      'coca',
      'cola',
      'servicios',
      'peru',
    ]);
    expect(accountWords({ ruc: '20415932376' })).toEqual(['20415932376']);
  });
});

describe('the password rater', () => {
  it('refuses common, short-pattern and guessable passwords, saying why', async () => {
    const rate = await loadPasswordRater();
    expect(rate('12345678', [])).toEqual({ score: 0, strongEnough: false, warning: 'topTen' });
    expect(rate('qwertyuiop', []).strongEnough).toBe(false);
    expect(rate('contraseña1', []).strongEnough).toBe(false);
    expect(rate('abcdefgh1', []).warning).toBe('sequences');
    expect(rate('2024-11-05', []).warning).toBe('dates');
  });

  it("refuses a password built on the account's RUC or name", async () => {
    const rate = await loadPasswordRater();
    // Eleven random digits would do; the account's own RUC does not.
    expect(rate('20415932376', []).strongEnough).toBe(true);
    expect(rate('20415932376', account)).toEqual({
      score: 0,
      strongEnough: false,
      warning: 'userInputs',
    });
    expect(rate('cocacolaservicios', account)).toMatchObject({
      strongEnough: false,
      warning: 'userInputs',
    });
  });

  it('accepts passphrases and random passwords', async () => {
    const rate = await loadPasswordRater();
    for (const password of [
      'correcto caballo batería grapa',
      'Pisco-Cuy-Lúcuma-47',
      'kR7vQ2mZx4',
    ]) {
      expect(rate(password, account).strongEnough, password).toBe(true);
    }
  });

  it('rates only the first characters: what follows them neither helps nor costs', async () => {
    const rate = await loadPasswordRater();
    expect(rate('1'.repeat(RATED_LENGTH) + 'kR7vQ2mZx4', []).strongEnough).toBe(false);
    expect(rate('kR7vQ2mZx4' + '1'.repeat(RATED_LENGTH), []).strongEnough).toBe(true);
  });
});
