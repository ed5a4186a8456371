import * as contract from '@sesxi/contract';
import type { Endpoint } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#app/test/build-test-app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(() => app.close());

const fields = [
  'phone',
  'code',
  'purpose',
  'password',
  'password_confirmation',
  'sso_token',
  'token',
  'state',
  'document_type_id',
  'document_number',
  'privacy_policy',
];

/** Bodies of every wrong shape: each field set to the same hostile value. */
const hostileValues: [string, unknown][] = [
  ['null', null],
  ['a number', 599123456],
  ['an object', { $gt: '' }],
  ['an array', ['599123456']],
  ['a long string', 'ა'.repeat(2_000)],
  ['a NUL byte', '599\u0000123456'],
  ['SQL', "' or 1=1 --"],
  ['a huge number', 1e308],
];

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

describe('nothing a client sends yields a 5xx', () => {
  const served = () =>
    Object.values(contract as Record<string, unknown>)
      .filter(isEndpoint)
      .filter((endpoint) => app.hasRoute({ method: endpoint.method, url: endpoint.path }));

  it.each(hostileValues)('every field as %s', async (_case, value) => {
    for (const endpoint of served()) {
      const body = Object.fromEntries(fields.map((field) => [field, value]));
      const asText = typeof value === 'string' ? value : JSON.stringify(value);
      const query = new URLSearchParams(fields.map((field): [string, string] => [field, asText]));
      const response = await app.inject({
        method: endpoint.method,
        url: `${endpoint.path.replaceAll(/:\w+/g, '1')}?${query.toString()}`,
        ...(endpoint.method === 'POST' && { payload: body }),
        headers: { authorization: `Bearer ${String(value)}` },
      });
      expect([endpoint.path, response.statusCode < 500]).toEqual([endpoint.path, true]);
    }
  });
});
