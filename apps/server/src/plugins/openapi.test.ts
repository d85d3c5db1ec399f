import { API_PATHS } from '@sufel/contract';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';

interface Answer {
  description: string;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { name: string; description?: string }[];
  responses: Record<string, Answer>;
}
interface OpenApiDocument {
  info: { version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

const serverPackage = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

function operations(doc: OpenApiDocument): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** Follows a local `$ref` ("#/components/schemas/X") through the document. */
function resolves(doc: OpenApiDocument, ref: string): boolean {
  let node: unknown = doc;
  for (const key of ref.replace(/^#\//, '').split('/')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[decodeURIComponent(key)];
  }
  return node !== undefined;
}

function refsIn(node: unknown): string[] {
  return [...JSON.stringify(node).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1] ?? '');
}

/** What a client generator or the /docs page would show as a sample for a string field. */
function stringsWithoutExample(
  node: unknown,
  at: string,
  doc: OpenApiDocument,
  seen: Set<string>,
): string[] {
  if (node === null || typeof node !== 'object') return [];
  if (Array.isArray(node))
    return node.flatMap((item, i) => stringsWithoutExample(item, `${at}[${i}]`, doc, seen));
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    if (seen.has(name)) return [];
    seen.add(name);
    return stringsWithoutExample(doc.components.schemas[name], name, doc, seen);
  }
  const missing =
    schema.type === 'string' &&
    schema.example === undefined &&
    schema.examples === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format === undefined
      ? [at]
      : [];
  return [
    ...missing,
    ...Object.entries(schema)
      .filter(([key]) => key !== 'example' && key !== 'examples')
      .flatMap(([key, value]) => stringsWithoutExample(value, `${at}.${key}`, doc, seen)),
  ];
}

/** Fields (and path or query parameters) an integrator would read without a word of explanation. */
function fieldsWithoutDescription(
  node: unknown,
  at: string,
  doc: OpenApiDocument,
  seen: Set<string>,
): string[] {
  if (node === null || typeof node !== 'object') return [];
  if (Array.isArray(node))
    return node.flatMap((item) => fieldsWithoutDescription(item, at, doc, seen));
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    if (seen.has(name)) return [];
    seen.add(name);
    return fieldsWithoutDescription(doc.components.schemas[name], name, doc, seen);
  }
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const undescribed = Object.entries(properties)
    .filter(([, field]) => field.description === undefined && field.$ref === undefined)
    .map(([name]) => `${at}.${name}`);
  return [
    ...undescribed,
    ...Object.entries(schema)
      .filter(([key]) => key !== 'example' && key !== 'examples')
      .flatMap(([, value]) => fieldsWithoutDescription(value, at, doc, seen)),
  ];
}

describe('the OpenAPI document at /docs/json', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
    expect(response.statusCode).toBe(200);
    doc = response.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it("carries the server package's version", () => {
    expect(doc.info.version).toBe(serverPackage.version);
  });

  it('resolves every reference, as the /docs page does', () => {
    const unresolved = [...new Set(refsIn(doc))].filter((ref) => !resolves(doc, ref));
    expect(unresolved).toEqual([]);
    // A schema's own `$id` makes the page resolve its inner references against it, and fail.
    const withId = Object.entries(doc.components.schemas)
      .filter(([, schema]) => '$id' in schema)
      .map(([name]) => name);
    expect(withId).toEqual([]);
  });

  it('names answers after what they are, never as an input', () => {
    for (const [name, operation] of operations(doc)) {
      const inputs = refsIn(operation.responses).filter((ref) => ref.endsWith('Input'));
      expect(inputs, name).toEqual([]);
    }
    const referenced = new Set(refsIn(doc));
    const unused = Object.keys(doc.components.schemas).filter(
      (schema) => !referenced.has(`#/components/schemas/${schema}`),
    );
    expect(unused).toEqual([]);
  });

  it('documents every error answer with what it means', () => {
    for (const [name, operation] of operations(doc)) {
      const path = name.split(' ')[1] ?? '';
      const answers = operation.responses;
      if (path.startsWith('/api/') || path.startsWith('/file/')) {
        expect(Object.keys(answers), name).toEqual(expect.arrayContaining(['400', '503']));
      }
      if (operation.security !== undefined) expect(answers, name).toHaveProperty('401');
      if (path.includes('{')) expect(answers, name).toHaveProperty('404');
      if (operation.requestBody !== undefined) expect(answers, name).toHaveProperty('413');
      for (const [status, answer] of Object.entries(answers)) {
        expect(answer.description, `${name} ${status}`).not.toBe('Default Response');
        expect(answer.description.length, `${name} ${status}`).toBeGreaterThan(10);
      }
    }
    const publish = doc.paths[API_PATHS.companyDocuments]?.post;
    expect(Object.keys(publish?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '409', '413', '503']),
    );
    expect(publish?.responses['409']?.description).toMatch(/already published/i);
    expect(doc.paths[API_PATHS.companyAuth]?.post?.responses['429']?.description).toMatch(
      /Retry-After/,
    );
  });

  it('gives every text field an example, where /docs would otherwise show "string"', () => {
    const seen = new Set<string>();
    const missing = operations(doc).flatMap(([name, operation]) =>
      stringsWithoutExample(
        { body: operation.requestBody, answers: operation.responses },
        name,
        doc,
        seen,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('describes every field and parameter of the issuer routes', () => {
    const seen = new Set<string>();
    const missing = operations(doc)
      .filter(([, operation]) => operation.tags?.includes('issuer'))
      .flatMap(([name, operation]) => [
        ...fieldsWithoutDescription(
          { body: operation.requestBody, answers: operation.responses },
          name,
          doc,
          seen,
        ),
        ...(operation.parameters ?? [])
          .filter((parameter) => parameter.description === undefined)
          .map((parameter) => `${name} ${parameter.name}`),
      ]);
    expect(missing).toEqual([]);
  });

  it('shows a publish body whose XML example is base64 of an XML document', () => {
    const body = doc.paths[API_PATHS.companyDocuments]?.post?.requestBody;
    const ref = refsIn(body)[0] ?? '';
    const schema = doc.components.schemas[ref.split('/').pop() ?? ''] as {
      properties: { xml: { example: string } };
    };
    const xml = Buffer.from(schema.properties.xml.example, 'base64').toString('utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Invoice /);
  });

  it('opens with a quick start: credentials, a token, a publish with curl, the links', () => {
    const quickStart = doc.info.description;
    expect(quickStart).toMatch(/^## Quick start/);
    expect(quickStart).toContain(`POST ${API_PATHS.companyAuth}`);
    expect(quickStart).toContain(API_PATHS.companyTokens);
    expect(quickStart).toContain('Authorization: Bearer');
    expect(quickStart).toMatch(/curl .*\/api\/company\/documents/s);
    expect(quickStart).toContain('base64');
  });
});
