/**
 * OpenAPI document generated from the shared zod contract, served with a UI at /docs.
 * @see https://github.com/fastify/fastify-swagger
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PATHS } from '@sufel/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SUFEL API',
        description:
          'Publishing for issuers and consultation for receivers of Peruvian electronic documents. ' +
          'Errors answer `{ "message": "..." }` in Spanish.',
        version: '2.1.0',
      },
      tags: [
        { name: 'issuer', description: 'Issuers: publish, void and list documents' },
        { name: 'document', description: 'Individual consultation by printed data' },
        { name: 'client', description: 'Receiver companies: account and documents' },
        { name: 'files', description: 'Signed download links' },
        { name: 'admin', description: 'Operator: issuers' },
        { name: 'system', description: 'Health and configuration' },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminToken: { type: 'apiKey', in: 'query', name: 'token' },
          documentCookie: { type: 'apiKey', in: 'cookie', name: 'sufel_document' },
          clientCookie: { type: 'apiKey', in: 'cookie', name: 'sufel_client' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_PATHS.docs });
}
