import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { ExportLimiter } from './export-limiter.js';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('ExportLimiter', () => {
  it('admits one export at a time per receiver, others freely', () => {
    const limiter = new ExportLimiter(10, () => 0);
    const release = limiter.admit('20415932376');
    const busy = refusal(() => limiter.admit('20415932376'));
    expect(busy.statusCode).toBe(429);
    expect(busy.message).toBe(
      'Ya hay una exportación en curso para esta cuenta. Espere a que termine o cancélela.',
    );
    limiter.admit('20100070970')();
    release();
    release();
    limiter.admit('20415932376')();
  });

  it('refuses more than the exports allowed per hour, and admits again when the hour passes', () => {
    let now = 0;
    const limiter = new ExportLimiter(2, () => now);
    limiter.admit('20415932376')();
    now = 10 * 60_000;
    limiter.admit('20415932376')();
    now = 20 * 60_000;
    const refused = refusal(() => limiter.admit('20415932376'));
    expect(refused.message).toBe(
      'Ya hizo 2 exportaciones en la última hora. Intente nuevamente en 40 minutos.',
    );
    expect(refused.headers).toEqual({ 'retry-after': '2400' });
    now = 60 * 60_000 + 1;
    limiter.admit('20415932376')();
  });

  it('speaks of one export and one minute in the singular', () => {
    let now = 0;
    const limiter = new ExportLimiter(1, () => now);
    limiter.admit('20415932376')();
    now = 59 * 60_000 + 30_000;
    expect(refusal(() => limiter.admit('20415932376')).message).toBe(
      'Ya hizo 1 exportación en la última hora. Intente nuevamente en 1 minuto.',
    );
  });
});
