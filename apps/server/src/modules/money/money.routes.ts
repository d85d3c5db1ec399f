import {
  API_PATHS,
  DetractionsQuerySchema,
  DetractionsSchema,
  PayablesQuerySchema,
  PayablesSchema,
  WithholdingsQuerySchema,
  WithholdingsSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';

/**
 * What a receiver must pay (instalments) and deposit (detracciones), and what
 * its agents withheld from it (retenciones, percepciones), across its issuers.
 */
export const moneyRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.clientPayables,
    {
      schema: {
        summary:
          'Instalments falling due between start and end, across every issuer, by due date, with totals per currency and week',
        querystring: PayablesQuerySchema,
        response: { 200: PayablesSchema },
      },
    },
    (request) => services.money.payables(sessionOf(request).subject, request.query),
  );

  app.get(
    API_PATHS.clientDetractions,
    {
      schema: {
        summary:
          'Documents issued between start and end subject to detracción: supplier, account and amount to deposit (format=csv for the bank)',
        querystring: DetractionsQuerySchema,
        response: {
          200: z.union([
            DetractionsSchema,
            z.string().meta({
              description: 'With format=csv: the same documents as CSV',
              example: 'fecha,emisor,comprobante,monto\n2024-11-25,20606433094,F001-123,141.60\n',
            }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const receiverRuc = sessionOf(request).subject;
      const { start, end, format } = request.query;
      if (format === 'json') return services.money.detractions(receiverRuc, { start, end });
      const csv = await services.money.detractionsCsv(receiverRuc, { start, end });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="detracciones-${receiverRuc}-${start}-${end}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    API_PATHS.clientWithholdings,
    {
      schema: {
        summary:
          'Retention (20) and perception (40) receipts issued to the receiver between start and end, with what was retained and perceived per month',
        querystring: WithholdingsQuerySchema,
        response: { 200: WithholdingsSchema },
      },
    },
    (request) => services.money.withholdings(sessionOf(request).subject, request.query),
  );
  done();
};
