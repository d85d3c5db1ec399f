import { CHALLENGE_HEADER, ChallengeSolutionSchema, type Challenge } from '@sufel/contract';
import { http, HttpResponse } from 'msw';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { isHttpError } from '../../lib/http-error';
import { challengeHiding } from '../../testing/challenge';
import { CLIENT_PASSWORD, CLIENT_RUC } from '../../testing/fixtures';
import { recordRequests, requestsTo } from '../../testing/msw/recorder';
import { server } from '../../testing/msw/server';
import { searchSolution } from './search-solution';
import type { ChallengeStatus } from './use-challenge';
import { withChallenge } from './with-challenge';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const decode = (header: string) =>
  ChallengeSolutionSchema.parse(JSON.parse(Buffer.from(header, 'base64url').toString('utf8')));

/** The login of an account under guessing: refused until a solution of `challenge` comes. */
function guardedLogin(challenge: Challenge, secret: number, level?: 'address') {
  server.use(
    http.get('/api/challenge', () => HttpResponse.json(challenge)),
    http.post('/api/client/login', ({ request }) => {
      const header = request.headers.get(CHALLENGE_HEADER);
      if (header === null || decode(header).number !== secret) {
        return HttpResponse.json(
          {
            message: 'Se necesita una verificación.',
            challengeRequired: true,
            attemptsLeft: 0,
            ...(level === undefined ? {} : { challengeLevel: level }),
          },
          { status: 429 },
        );
      }
      return HttpResponse.json({ message: 'ok' });
    }),
  );
}

const login = (headers: Record<string, string>) =>
  api.post('/api/client/login', { documento: CLIENT_RUC, password: CLIENT_PASSWORD }, { headers });

describe('searchSolution', () => {
  it('finds the number hidden in a challenge, reporting progress', async () => {
    const progress: number[] = [];
    const found = await searchSolution(challengeHiding(1234), (fraction) =>
      progress.push(fraction),
    );
    expect(found).toBe(1234);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((fraction) => fraction > 0 && fraction <= 1)).toBe(true);
  });

  it('answers null when no number up to maxnumber solves it', async () => {
    const challenge = { ...challengeHiding(0, 10), challenge: sha256('other') };
    expect(await searchSolution(challenge)).toBeNull();
  });
});

describe('withChallenge', () => {
  it('tries once, without a solution, when the server asks for none', async () => {
    const requests = recordRequests();
    const onProgress = vi.fn();
    await withChallenge(login, onProgress);
    expect(requestsTo(requests, 'POST', '/api/client/login')).toHaveLength(1);
    expect(requestsTo(requests, 'GET', '/api/challenge')).toHaveLength(0);
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('solves a challenge and retries with its solution when a verification is needed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const challenge = challengeHiding(777);
    guardedLogin(challenge, 777);
    const requests = recordRequests();
    const progress: (ChallengeStatus | null)[] = [];
    expect(await withChallenge(login, (value) => progress.push(value))).toEqual({ message: 'ok' });
    const [asked] = requestsTo(requests, 'GET', '/api/challenge');
    expect(asked!.url.search).toBe('?level=target');
    const [, retry] = requestsTo(requests, 'POST', '/api/client/login');
    expect(decode(retry!.headers.get(CHALLENGE_HEADER)!)).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      salt: challenge.salt,
      number: 777,
      signature: challenge.signature,
    });
    expect(progress[0]).toEqual({ fraction: 0, level: 'target' });
    expect(progress.at(-1)).toBeNull();
  });

  it('asks for the harder challenge when the connection itself needs a verification', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    guardedLogin(challengeHiding(99), 99, 'address');
    const requests = recordRequests();
    const progress: (ChallengeStatus | null)[] = [];
    expect(await withChallenge(login, (value) => progress.push(value))).toEqual({ message: 'ok' });
    const [asked] = requestsTo(requests, 'GET', '/api/challenge');
    expect(asked!.url.search).toBe('?level=address');
    expect(progress[0]).toEqual({ fraction: 0, level: 'address' });
  });

  it('passes on other refusals untouched, with the attempts left', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/client/login', () =>
        HttpResponse.json({ message: 'credenciales inválidas', attemptsLeft: 2 }, { status: 400 }),
      ),
    );
    const error: unknown = await withChallenge(login, () => undefined).catch((e: unknown) => e);
    expect(isHttpError(error, 400) && error.attemptsLeft).toBe(2);
  });

  it('does not retry when the address itself is throttled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/client/login', () =>
        HttpResponse.json({ message: 'Demasiados intentos fallidos.' }, { status: 429 }),
      ),
    );
    const requests = recordRequests();
    await expect(withChallenge(login, () => undefined)).rejects.toThrow('Demasiados intentos');
    expect(requestsTo(requests, 'GET', '/api/challenge')).toHaveLength(0);
  });
});
