/**
 * OpenAPI document generated from the shared zod contract, served with a UI at /docs.
 * @see https://github.com/fastify/fastify-swagger
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PATHS } from '@sufel/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { describeAnswers } from './openapi-answers.js';
import { usedComponents } from './openapi-components.js';
import { QUICK_START } from './openapi-quick-start.js';

/** The server package's version, from src/ and from dist/ alike. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;
type Paths = Parameters<typeof describeAnswers>[0];
type Schemas = Parameters<typeof usedComponents>[1];

/** The generated document with every answer described and only the schemas it uses. */
function finish(input: Parameters<typeof jsonSchemaTransformObject>[0]): OpenApiObject {
  const document = jsonSchemaTransformObject(input);
  if (!('openapi' in document)) return document;
  const paths = (document.paths ?? {}) as Paths;
  describeAnswers(paths);
  const schemas = (document.components?.schemas ?? {}) as Schemas;
  return {
    ...document,
    paths,
    components: { ...document.components, schemas: usedComponents(paths, schemas) },
  };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'SUFEL API', description: QUICK_START, version: VERSION },
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
    transformObject: finish,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_PATHS.docs });
}
