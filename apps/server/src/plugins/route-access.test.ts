import { accessName, staffRoles, type Access, type StaffRole } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { onboardedCustomer, sdaVerifiedCustomer, startSession } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { insertCustomer } from '#app/test/users.ts';
import { apiDocsPath } from './api-docs/plugin.ts';
import { openApiPath } from './openapi.ts';

/**
 * Walks every route the app registered: the contract declares its access, the API document
 * marks it as the server gates it, and the gate answers 401 without a session, 403 to every
 * caller the access does not admit, and lets the ones it admits through.
 */

interface Operation {
  security?: Record<string, string[]>[];
  'x-access'?: string;
}

let app: FastifyInstance;
const log = logCapture();
let operations: Map<string, Operation>;
const freshPhone = phoneSeries('5575');

/** Who calls: each kind of customer, each staff role, a service account, a temporary password. */
const callerNames = [
  'customer',
  'customer:sda_verified',
  'customer:onboarded',
  ...staffRoles.map((role) => `staff:${role}` as const),
  'service:credit_officer',
  'temporary_password',
] as const;
type CallerName = (typeof callerNames)[number];

/** The callers each access admits, written out here rather than read from the server. */
function admitted(declared: Access): CallerName[] {
  const customers = ['customer', 'customer:sda_verified', 'customer:onboarded'] as const;
  switch (declared.kind) {
    case 'public':
    case 'session':
      return [...callerNames];
    case 'signed_in':
      return callerNames.filter((name) => name !== 'temporary_password');
    case 'customer':
      return customers.slice({ registered: 0, sda_verified: 1, onboarded: 2 }[declared.stage]);
    case 'staff':
      return declared.role === 'credit_officer'
        ? ['staff:credit_officer', 'service:credit_officer']
        : [`staff:${declared.role}`];
    case 'biller':
      // A biller's key, never a session.
      return [];
  }
}

/** A user id per caller: a new session of theirs is started for each request (logout ends one). */
const callers = new Map<CallerName, number>();

async function insertStaff(roles: StaffRole[], options: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await app.database.db
    .insert(users)
    .values({
      name: 'ნიკა',
      surname: 'ბერაძე',
      phone: freshPhone(),
      passwordHash: 'x',
      roles,
      ...options,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('the staff account was not stored');
  return row.id;
}

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { logStream: log.stream });
  const documentAnswer = await app.inject({ url: openApiPath });
  const paths = documentAnswer.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  operations = new Map(
    Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [
        `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`,
        operation,
      ]),
    ),
  );
  callers.set('customer', (await insertCustomer(app, { phone: freshPhone() })).id);
  callers.set(
    'customer:sda_verified',
    (await sdaVerifiedCustomer(app, { phone: freshPhone() })).user.id,
  );
  callers.set(
    'customer:onboarded',
    (await onboardedCustomer(app, { phone: freshPhone() })).user.id,
  );
  for (const role of staffRoles) callers.set(`staff:${role}`, await insertStaff([role]));
  callers.set('service:credit_officer', await insertStaff(['credit_officer'], { isMachine: true }));
  callers.set(
    'temporary_password',
    await insertStaff([...staffRoles], { mustChangePassword: true }),
  );
});

afterAll(() => app.close());

/** The documentation's own routes: public, and left out of the document. */
const documentation = new Set([
  `GET ${openApiPath}`,
  `GET ${apiDocsPath}`,
  `GET ${apiDocsPath}/:file`,
]);

/** Every /api route the app registered (HEAD ones aside), with the access the server gates it by. */
function apiRoutes(): [string, Access | undefined][] {
  return [...app.routeAccess].filter(
    ([route]) =>
      /^(GET|POST|PUT|DELETE|PATCH) \/api(\/|$)/.test(route) && !documentation.has(route),
  );
}

function request(route: string, headers: Record<string, string> = {}) {
  const [method = 'GET', path = ''] = route.split(' ');
  return app.inject({
    method: method as 'GET',
    // An id no record has: a request the gate lets through goes no further than its lookup.
    url: path.replaceAll(/:\w+/g, '999999'),
    headers,
    ...(method !== 'GET' && { payload: {} }),
  });
}

/** The reasons the gates log a refusal with (a module's own refusals give others). */
const gateReasons = new Set([
  'password_change_required',
  'customer_only',
  'sda_required',
  'questionnaire_required',
  ...staffRoles.map((role) => `${role}_only`),
]);

/**
 * Whether a signed-in caller's request was refused by the route's gate: 401, or 403 with the
 * gate's log line, rather than by the module after it (a service account may not confirm an
 * approval, say, though the gate lets credit officers through).
 */
function refusedByGate(answer: { statusCode: number; headers: Record<string, unknown> }) {
  if (answer.statusCode === 401) return true;
  if (answer.statusCode !== 403) return false;
  return log
    .events('access_denied')
    .some(
      (line) =>
        line.reqId === answer.headers['x-request-id'] && gateReasons.has(String(line.reason)),
    );
}

describe('every route', () => {
  it('declares its access in the contract, and the document marks it so', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const [route, declared] of routes) {
      expect([route, declared]).not.toEqual([route, undefined]);
      if (!declared) continue;
      const operation = operations.get(route);
      expect([route, operation]).not.toEqual([route, undefined]);
      expect([route, operation?.['x-access']]).toEqual([route, accessName(declared)]);
      const security = declared.kind === 'biller' ? [{ billerKey: [] }] : [{ bearer: [] }];
      expect([route, operation?.security]).toEqual([
        route,
        declared.kind === 'public' ? undefined : security,
      ]);
    }
    // And the document holds no route the server does not.
    expect([...operations.keys()].sort()).toEqual(routes.map(([route]) => route).sort());
  });

  it('gives content editors’ routes the bearer mark (missed once)', () => {
    for (const route of [
      'PUT /api/content/:key',
      'POST /api/content/images',
      'GET /api/content/:key/draft',
      'PUT /api/content/:key/draft',
      'POST /api/content/:key/draft/discard',
      'GET /api/content/:key/versions',
      'GET /api/content/:key/versions/:version',
      'POST /api/content/:key/versions/:version/restore',
    ]) {
      const operation = [...operations].find(([key]) => key === route)?.[1];
      expect([route, operation?.security]).toEqual([route, [{ bearer: [] }]]);
    }
  });

  it('lets only credit officers read a customer’s loan account through an application', () => {
    const routes = new Map(apiRoutes());
    expect(routes.get('GET /api/applications/:id/account')).toEqual({
      kind: 'staff',
      role: 'credit_officer',
    });
    expect(routes.get('GET /api/loans/:id/account')).toEqual({
      kind: 'customer',
      stage: 'onboarded',
    });
  });

  it('admits the core’s refunds as its payments: a credit officer’s access, for a service account', () => {
    const routes = new Map(apiRoutes());
    expect(routes.get('POST /api/loans/:id/refunds')).toEqual({
      kind: 'staff',
      role: 'credit_officer',
    });
    expect(routes.get('POST /api/loans/:id/refunds')).toEqual(
      routes.get('POST /api/loans/:id/payments'),
    );
  });

  it('lets the billing routes through with a biller’s key only', async () => {
    const billing = apiRoutes().filter(([, declared]) => declared?.kind === 'biller');
    expect(billing.map(([route]) => route).sort()).toEqual([
      'POST /api/billing/debt',
      'POST /api/billing/payments',
    ]);
    for (const [route] of billing) {
      const answer = await request(route, { authorization: 'Bearer sandbox-biller-key' });
      // Through the gate to the body's validation.
      expect([route, answer.statusCode]).toEqual([route, 422]);
    }
  });

  it('answers 401 without a session, 403 to callers its access does not admit, and lets the rest through', async () => {
    for (const [route, declared] of apiRoutes()) {
      if (!declared) continue;
      const anonymous = await request(route);
      if (declared.kind !== 'public') {
        expect([route, anonymous.statusCode]).toEqual([route, 401]);
      } else {
        expect([route, anonymous.statusCode]).not.toEqual([route, 401]);
      }
      const admits = new Set(admitted(declared));
      for (const [caller, userId] of callers) {
        const answer = await request(route, bearer(await startSession(app, userId)));
        const gate = refusedByGate(answer) ? 'refused' : 'through';
        expect([route, caller, gate, answer.body]).toEqual([
          route,
          caller,
          admits.has(caller) ? 'through' : 'refused',
          answer.body,
        ]);
      }
    }
  });
});
