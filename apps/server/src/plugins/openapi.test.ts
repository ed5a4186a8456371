import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import * as contract from '@sesxi/contract';
import type { Endpoint } from '@sesxi/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { productionEnv } from '#app/test/production.ts';
import { withoutInfiniteBounds } from './openapi.ts';

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/** The documentation's own routes, which the document leaves out on purpose. */
const documentation = ['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/:file'];

let app: FastifyInstance;
let document: Document;

beforeAll(async () => {
  app = await buildTestApp({ PRODUCT_NAME: 'Lari Lend', APP_URL: 'https://lend.example.ge' });
  const response = await app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json<Document>();
});

afterAll(() => app.close());

/** The routes Fastify registered, `METHOD /path`, from its own route tree. */
function registeredRoutes(instance: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', fragment = '', methods] = match;
    const depth = indent.length / 4;
    const path = (parents[depth - 1] ?? '') + fragment;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The document's operations, `METHOD /path` with Fastify's `:param`s. */
function documentedOperations(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map(
      (method) => `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`,
    ),
  );
}

/** Every /api route but the documentation's, without the HEAD routes Fastify adds to each GET. */
function apiRoutes(instance: FastifyInstance): string[] {
  return registeredRoutes(instance)
    .filter((route) => / \/api(\/|$)/.test(route) && !route.startsWith('HEAD '))
    .filter((route) => !documentation.includes(route));
}

function operationOf(method: string, path: string): Operation | undefined {
  return document.paths[path.replaceAll(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

const servedEndpoints = () =>
  Object.values(contract as Record<string, unknown>)
    .filter(isEndpoint)
    .filter((endpoint) => endpoint.path.startsWith('/api/'))
    .filter((endpoint) => app.hasRoute({ method: endpoint.method, url: endpoint.path }));

/** Every JSON schema in the document: parameters', bodies', answers' and the components'. */
function schemasOf(doc: Document): [string, unknown][] {
  const found: [string, unknown][] = Object.entries(doc.components.schemas ?? {});
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        found.push([`${where} ${parameter.in} ${parameter.name}`, parameter.schema]);
      }
      for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
        found.push([`${where} body ${type}`, schema]);
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const [type, { schema }] of Object.entries(answer.content ?? {})) {
          found.push([`${where} ${status} ${type}`, schema]);
        }
      }
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const copy = structuredClone(document) as unknown as Record<string, unknown>;
    const result = await new Validator().validate(copy);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('holds only schemas valid under JSON Schema 2020-12, with no bound JSON could not write', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas = schemasOf(document);
    expect(schemas.length).toBeGreaterThan(80);
    for (const [where, schema] of schemas) {
      const valid = ajv.validateSchema(schema as object);
      expect([where, valid, ajv.errorsText()]).toEqual([where, true, 'No errors']);
      let compiled: string;
      try {
        ajv.compile(schema as object);
        compiled = 'compiled';
      } catch (error) {
        compiled = String(error);
      }
      expect([where, compiled]).toEqual([where, 'compiled']);
    }
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/"(minimum|maximum|exclusiveMinimum|exclusiveMaximum)":null/);
  });

  it('names the product, the server version and the public address', async () => {
    const { version } = JSON.parse(
      await readFile(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { version: string };
    expect(document.info).toMatchObject({ title: 'Lari Lend API', version });
    expect(document.servers).toEqual([{ url: 'https://lend.example.ge' }]);
  });

  it('documents every /api route the app registered, and nothing else', () => {
    const registered = apiRoutes(app);
    expect(registered.length).toBeGreaterThan(40);
    expect(registered).toContain('POST /api/loans');
    expect(registered).toContain('GET /api/applications/:id/bank-statement');
    expect(documentedOperations(document).sort()).toEqual(registered.sort());
  });

  it('documents the sandbox routes only where they are registered', async () => {
    expect(operationOf('GET', '/api/dev/sms-outbox')).toBeDefined();
    const production = await buildTestApp(productionEnv);
    try {
      const doc = (await production.inject({ url: '/api/openapi.json' })).json<Document>();
      expect(production.hasRoute({ method: 'GET', url: '/api/dev/sms-outbox' })).toBe(false);
      expect(doc.paths['/api/dev/sms-outbox']).toBeUndefined();
      expect(documentedOperations(doc).sort()).toEqual(apiRoutes(production).sort());
    } finally {
      await production.close();
    }
  });

  it("gives each contract endpoint its path and query parameters, its body and its answer's schema", () => {
    const endpoints = servedEndpoints();
    expect(endpoints.length).toBeGreaterThan(35);
    for (const endpoint of endpoints) {
      const where = `${endpoint.method} ${endpoint.path}`;
      const operation = operationOf(endpoint.method, endpoint.path);
      expect([where, operation]).not.toEqual([where, undefined]);
      if (!operation) continue;
      const parameters = (place: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === place && parameter.schema !== undefined)
          .map((parameter) => parameter.name)
          .sort();
      const keysOf = (schema: unknown) =>
        schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      expect([where, parameters('path')]).toEqual([where, keysOf(endpoint.params)]);
      expect([where, parameters('query')]).toEqual([where, keysOf(endpoint.query)]);
      const bodies = Object.values(operation.requestBody?.content ?? {});
      // The loan form is multipart, read in code: the contract has no schema of its body.
      const multipart = ['POST /api/loans', 'POST /api/loan-edit/:id'].includes(where);
      if (endpoint.body || multipart) {
        expect([where, bodies.length]).toEqual([where, 1]);
        expect([where, bodies[0]?.schema?.type]).toEqual([where, 'object']);
      } else {
        expect([where, bodies]).toEqual([where, []]);
      }
      const answer = operation.responses['200']?.content?.['application/json']?.schema;
      expect([where, typeof answer]).toEqual([where, 'object']);
      expect([where, operation.responses.default]).not.toEqual([where, undefined]);
    }
  });

  it('describes the loan form as multipart/form-data with its fields and the statement', () => {
    for (const [path, fileRequired] of [
      ['/api/loans', true],
      ['/api/loan-edit/:id', false],
    ] as const) {
      const body = operationOf('POST', path)?.requestBody?.content['multipart/form-data']?.schema;
      expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
        'amount',
        'branch_id',
        'file',
        'loan_purpose_id',
        'months',
      ]);
      expect(body?.required).toEqual(
        fileRequired
          ? ['amount', 'months', 'loan_purpose_id', 'file']
          : ['amount', 'months', 'loan_purpose_id'],
      );
    }
  });

  it('tags each operation by the module that registered it', () => {
    expect(operationOf('POST', '/api/loans')?.tags).toEqual(['loan']);
    expect(operationOf('POST', '/api/loan-offer')?.tags).toEqual(['loan offer']);
    expect(operationOf('GET', '/api/applications')?.tags).toEqual(['decision']);
    expect(operationOf('POST', '/api/code-sending')?.tags).toEqual(['phone code']);
    expect(operationOf('GET', '/api/checking/users')?.tags).toEqual(['support']);
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    for (const operation of operations) {
      expect(operation.tags).toHaveLength(1);
    }
  });

  it('asks for the bearer token exactly where a sign-in check guards the route', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }) as unknown,
      billerKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }) as unknown,
    });
    // A biller's key, not a session, guards the payments at terminals.
    expect(operationOf('POST', '/api/billing/payments')?.security).toEqual([{ billerKey: [] }]);
    const guarded = [
      'POST /api/logout',
      'POST /api/change-password',
      'GET /api/loans',
      'GET /api/applications/:id',
      'PUT /api/content/:key',
      'POST /api/content/images',
      'GET /api/staff',
      'POST /api/staff/:id/disable',
      'POST /api/staff/:id/enable',
      'PUT /api/staff/:id/roles',
      'POST /api/staff/:id/revoke-tokens',
    ];
    const open = [
      'POST /api/login',
      'POST /api/register',
      'GET /api/app/contact/main',
      'GET /api/content/:key',
    ];
    for (const route of [...guarded, ...open]) {
      const [method = '', path = ''] = route.split(' ');
      expect([route, operationOf(method, path)?.security]).toEqual([
        route,
        guarded.includes(route) ? [{ bearer: [] }] : undefined,
      ]);
    }
  });
});

describe('withoutInfiniteBounds', () => {
  it('drops the bounds JSON wrote as null or that are not finite, keeping the rest', () => {
    expect(
      withoutInfiniteBounds({
        type: 'object',
        properties: {
          amount: { type: 'number', minimum: 0, maximum: null },
          months: { type: 'integer', minimum: Number.NEGATIVE_INFINITY, maximum: 36 },
          maximum: { type: 'string', maxLength: null, minLength: 1 },
        },
        anyOf: [{ exclusiveMinimum: null }],
        default: null,
      }),
    ).toEqual({
      type: 'object',
      properties: {
        amount: { type: 'number', minimum: 0 },
        months: { type: 'integer', maximum: 36 },
        maximum: { type: 'string', minLength: 1 },
      },
      anyOf: [{}],
      default: null,
    });
  });
});
