import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import swagger from '@fastify/swagger';
import { accessName, needsSession, type Access } from '@sesxi/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { isApiPath } from '#app/http/paths.ts';
import { apiDocsPath } from './api-docs/plugin.ts';

/** Where the document is served. */
export const openApiPath = '/api/openapi.json';

/** The documentation's own routes, which the document leaves out. */
const documentationPaths = new Set([openApiPath, apiDocsPath, `${apiDocsPath}/:file`]);

/** The server's version, as its package.json says. */
const serverVersion = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

interface OpenApiOptions {
  productName: string;
  appUrl: string;
  /** The access the contract declares for a route (as the sign-in checks read it). */
  accessOf: (method: string, url: string) => Access | undefined;
  /**
   * The JSON schemas of the bodies routes read from multipart in code rather than through a
   * schema (the loan form's), by `METHOD path`: the document shows them as multipart/form-data.
   */
  multipartBodies: ReadonlyMap<string, object>;
}

/**
 * The API as an OpenAPI 3.1 document at GET /api/openapi.json, generated from the routes'
 * zod schemas (the contract's) when first asked for: every /api route the app registered
 * (the sandbox's only in the sandbox), tagged by the plugin that registered it, with the
 * bearer token on the routes whose declared access asks for a session, and that access as
 * `x-access`. Registered before the routes, so that it sees each of them.
 */
const openApi: FastifyPluginAsync<OpenApiOptions> = async (
  app,
  { productName, appUrl, accessOf, multipartBodies },
) => {
  const tags = new WeakMap<object, string>();
  app.addHook('onRoute', function (route) {
    tags.set(route, tagOf(this, route.url));
  });

  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${productName} API`,
        version: serverVersion,
        description:
          'Every answer is JSON: `{"status":"success", …}`, or on failure `{"status":"error",' +
          '"message":"…"}` with the fields\' messages under their names. Sign in with ' +
          "POST /api/login (or register); the answer's `user.apiToken` is the bearer token.",
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: "A session's token: `user.apiToken` of POST /api/login or /api/register.",
          },
          billerKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A biller's key (`BILLER_KEYS`): the payments at terminals by personal number.",
          },
        },
      },
    },
    stripBasePath: false,
    transform: ({ schema, url, route, ...document }) => {
      if (!isApiPath(url) || documentationPaths.has(url)) return { schema: { hide: true }, url };
      const declared = accessOf(methodOf(route), url);
      const described: FastifySchema & Record<string, unknown> = {
        ...schema,
        tags: [tags.get(route) ?? 'api'],
        ...(declared && { 'x-access': accessName(declared) }),
        ...(declared && needsSession(declared) && { security: [{ bearer: [] }] }),
        ...(declared?.kind === 'biller' && { security: [{ billerKey: [] }] }),
      };
      const transformed = zodTransform({ ...document, schema: described, url, route });
      const { response } = transformed.schema;
      if (typeof response === 'object' && response !== null) {
        const answers = response as Record<string, { description?: string } | undefined>;
        const success = answers['200'];
        if (success && success.description === undefined) success.description = 'Success.';
        answers.default = structuredClone(failure);
      }
      const form = multipartBodies.get(`${methodOf(route)} ${url}`);
      if (form) {
        Object.assign(transformed.schema, { body: form, consumes: ['multipart/form-data'] });
      }
      return { schema: withoutInfiniteBounds(transformed.schema), url: transformed.url };
    },
  });

  app.get(openApiPath, (_request, reply) => reply.type('application/json').send(app.swagger()));
};

export default fp(openApi, { name: 'openapi' });

/**
 * A route's tag: the name of the plugin that registered it (`loanOfferRoutes` → `loan offer`),
 * or the path's first part after /api when that plugin has no name.
 */
function tagOf(instance: FastifyInstance, url: string): string {
  const [plugin = ''] = instance.pluginName.split(' -> ');
  if (/^[a-z][A-Za-z0-9]*Routes$/.test(plugin)) {
    return plugin
      .replace(/Routes$/, '')
      .replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
      .trim();
  }
  return /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'api';
}

/** The method a route is declared under (a route of several methods: its first). */
function methodOf(route: RouteOptions): string {
  const [method = 'GET'] = [route.method].flat();
  return method;
}

/** Every failure's answer: errorBody of the contract, which zod cannot write as JSON schema. */
const failure = {
  description: "A failure: the status, a message, and the fields' messages under their names.",
  type: 'object',
  properties: { status: { type: 'string' }, message: { type: 'string' } },
  required: ['status', 'message'],
};

const boundKeywords = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);

/**
 * Bounds that JSON cannot write (a shape checked against limits read per request has
 * ±Infinity ones, which come out as `null`) say nothing: they are dropped.
 */
export function withoutInfiniteBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutInfiniteBounds(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const bound = boundKeywords.has(key);
    if (bound && (child === null || (typeof child === 'number' && !Number.isFinite(child)))) {
      continue;
    }
    kept[key] = withoutInfiniteBounds(child);
  }
  return kept as T;
}
