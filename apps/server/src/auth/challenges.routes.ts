import { API_PATHS, ChallengeQuerySchema, ChallengeSchema } from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../services.js';

/** Proof-of-work challenges, asked of attempts on accounts and documents under guessing. */
export const challengeRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.challenge,
    {
      schema: {
        tags: ['security'],
        summary:
          'A signed proof-of-work challenge: find number so that SHA-256(salt + number) = challenge, then send the solution as base64url JSON in X-Challenge-Solution',
        querystring: ChallengeQuerySchema,
        response: { 200: ChallengeSchema },
      },
    },
    (request) => services.challenges.create(request.query.level),
  );
  done();
};
