import { z } from 'zod';
import { ErrorCodeSchema } from './common.js';

/**
 * Proof of work asked of attempts on an account or document that strangers
 * have been guessing at: find `number` (0…maxnumber) whose SHA-256 of
 * `salt + number` (hex) equals `challenge`. The server signed the challenge,
 * so it keeps no state until a solution comes back, and takes each only once.
 */
export const ChallengeSchema = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }),
    salt: z
      .string()
      .max(200)
      .meta({ example: 'b1946ac92492d2347c6235b4d2611184?expires=1732665600' }),
    maxnumber: z.number().int().positive(),
    signature: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ example: '80a00f0b51c6d51dc228b0b2b1f4fb3a510da55c0aaef2a956d7c488180d68f9' }),
  })
  .meta({ id: 'Challenge' });
export type Challenge = z.infer<typeof ChallengeSchema>;

export const ChallengeSolutionSchema = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' }),
    salt: z
      .string()
      .max(200)
      .meta({ example: 'b1946ac92492d2347c6235b4d2611184?expires=1732665600' }),
    number: z.number().int().nonnegative().max(1e9),
    signature: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ example: '80a00f0b51c6d51dc228b0b2b1f4fb3a510da55c0aaef2a956d7c488180d68f9' }),
  })
  .meta({ id: 'ChallengeSolution' });
export type ChallengeSolution = z.infer<typeof ChallengeSolutionSchema>;

/**
 * How hard a challenge is. `target`: asked of attempts on an account or
 * document that strangers guessed at (about a second in a browser). `address`:
 * asked of every attempt from a connection with many recent failures, several
 * times longer, so a guesser behind it pays more while people sharing that
 * connection still get in. A harder solution also satisfies an easier demand.
 */
export const CHALLENGE_LEVELS = ['target', 'address'] as const;
export const ChallengeLevelSchema = z.enum(CHALLENGE_LEVELS);
export type ChallengeLevel = z.infer<typeof ChallengeLevelSchema>;

// Query strings stay inline (no component id): the OpenAPI generator cannot follow a $ref there.
export const ChallengeQuerySchema = z.object({
  level: ChallengeLevelSchema.default('target').describe(
    'The level asked for by `challengeLevel` in the refused answer; `target` when omitted.',
  ),
});

/**
 * A refused or throttled attempt. `attemptsLeft`: failures still allowed before
 * a verification is needed; `challengeRequired`: solve a challenge of
 * `challengeLevel` and retry.
 */
export const AttemptErrorSchema = z
  .object({
    message: z.string().meta({
      description: 'What went wrong, in Spanish',
      example: 'credenciales inválidas',
    }),
    code: ErrorCodeSchema,
    attemptsLeft: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'Failures still allowed before a challenge is required', example: 3 }),
    challengeRequired: z
      .boolean()
      .optional()
      .meta({ description: 'Solve a challenge (GET /api/challenge) and retry with its solution' }),
    challengeLevel: ChallengeLevelSchema.optional().meta({
      description: 'Which challenge to ask for: `level` of GET /api/challenge',
    }),
  })
  .meta({ id: 'AttemptError' });
export type AttemptError = z.infer<typeof AttemptErrorSchema>;
