import { API_MESSAGES } from '@sufel/contract';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TooManyAttemptsError } from '../auth/attempt-limiter.js';
import { AppError, said } from '../errors.js';
import { registerErrorHandling, registerNotFound } from './error-handler.js';

async function appThrowing() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, 'local');
  registerNotFound(app, null);
  app.get('/expected', () => {
    throw new AppError('conflict', said('proposalFuturePeriod', { period: '2099-01' }));
  });
  app.get('/throttled', () => {
    throw new TooManyAttemptsError(120);
  });
  app.post(
    '/validated',
    { schema: { body: z.object({ ruc: z.string().min(1, 'Ingrese el RUC.') }) } },
    () => ({}),
  );
  app.get('/broken', () => {
    throw new Error('a bug');
  });
  await app.ready();
  return app;
}

describe('error answers', () => {
  it('carry the catalogue code of their message beside the unchanged Spanish text', async () => {
    const app = await appThrowing();
    const answers = await Promise.all([
      app.inject({ url: '/expected' }),
      app.inject({ url: '/throttled' }),
      app.inject({ method: 'POST', url: '/validated', payload: { ruc: '' } }),
      app.inject({
        method: 'POST',
        url: '/validated',
        payload: 'ruc',
        headers: { 'content-type': 'application/xml' },
      }),
      app.inject({
        method: 'POST',
        url: '/validated',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      app.inject({ url: '/nowhere' }),
      app.inject({ url: '/broken' }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json<unknown>()])).toEqual([
      [
        409,
        {
          code: 'proposalFuturePeriod',
          message: 'El periodo 2099-01 de la propuesta todavía no ha llegado.',
        },
      ],
      [
        429,
        {
          code: 'tooManyAttemptsWait',
          message: 'Demasiados intentos fallidos. Intente nuevamente en 2 minutos.',
        },
      ],
      [400, { code: 'validationFailedField', message: 'Ingrese el RUC. (campo: ruc)' }],
      [415, { code: 'unsupportedMediaType', message: API_MESSAGES.unsupportedMediaType }],
      [400, { code: 'invalidJson', message: API_MESSAGES.invalidJson }],
      [404, { code: 'notFound', message: API_MESSAGES.notFound }],
      [500, { code: 'internalError', message: API_MESSAGES.internalError }],
    ]);
    await app.close();
  });
});
