import * as contract from '@sesxi/contract';
import type { Endpoint } from '@sesxi/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#app/db/schema.ts';
import { sandboxSupportAccount } from '#app/sandbox/staff-accounts.ts';
import { bearer } from '#app/test/accounts.ts';
import { createLoanViaApi, loanTestApp, multipartBody } from '#app/test/loans.ts';
import { onboardedCustomer, startSession } from '#app/test/onboarding.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
let customerId: number;
let supportId: number;
/** Path parameters that name real rows (the customer's application, the customer) and none. */
const pathIds: string[] = ['1'];

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } }));
  const customer = await onboardedCustomer(app, { phone: '599640001' });
  customerId = customer.user.id;
  const loanId = await createLoanViaApi(app, customer.token);
  pathIds.push(String(loanId), String(customerId));
  const [staff] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, sandboxSupportAccount.phone));
  supportId = staff?.id ?? 0;
});

/**
 * Who calls: nobody, a token that is none, an onboarded customer, support staff. The sessions
 * are new for every call: a hostile body may be a valid one (a password change, a logout) that
 * ends them.
 */
async function callers(): Promise<[string, Record<string, string>][]> {
  return [
    ['nobody', {}],
    ['a token that is none', bearer('x'.repeat(43))],
    ['an onboarded customer', bearer(await startSession(app, customerId))],
    ['support staff', bearer(await startSession(app, supportId))],
  ];
}

/** Each call from an address of its own, so the per-address limits let every one through. */
let calls = 0;
const nextAddress = () => {
  calls += 1;
  return `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;
};

afterAll(() => close());

/** Every field any endpoint reads, from a body, a query or a form. */
const fields = [
  ...['phone', 'code', 'purpose', 'password', 'password_confirmation', 'sso_token', 'token'],
  ...['state', 'document_type_id', 'document_number', 'privacy_policy', 'name', 'surname'],
  ...['sda_agreed_at', 'is_sda_verified', 'sda_agreement_text', 'city_id', 'address'],
  ...['organisation_name', 'position', 'salary', 'has_transfer', 'transfer'],
  ...['monthly_expenses', 'total_financial_liability', 'is_political_active'],
  ...['is_individual_entrepreneur', 'entrepreneur_income', 'activity_sphere_id'],
  ...['amount', 'months', 'loan_purpose_id', 'branch_id', 'credit_info', 'agreed_at'],
  ...['page', 'per_page', 'search'],
];

/** What queries read. */
const queryFields = ['page', 'per_page', 'search', 'status', 'sso_token', 'phone'];

/** The fields of the loan form, the one multipart body. */
const formFields = ['amount', 'months', 'loan_purpose_id', 'branch_id'];

/** Values of every wrong shape: each field set to the same hostile value. */
const hostileValues: [string, unknown][] = [
  ['null', null],
  ['a number', 599123456],
  ['a negative number', -1],
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

const served = () =>
  Object.values(contract as Record<string, unknown>)
    .filter(isEndpoint)
    .filter((endpoint) => app.hasRoute({ method: endpoint.method, url: endpoint.path }));

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The bodies a POST is tried with: hostile JSON, and a hostile multipart form with a file. */
function bodiesOf(value: unknown): Pick<InjectOptions, 'payload' | 'headers'>[] {
  const form = multipartBody(
    Object.fromEntries(formFields.map((field) => [field, asText(value)])),
    { name: 'statement.pdf', bytes: Buffer.from(asText(value)) },
  );
  return [{ payload: Object.fromEntries(fields.map((field) => [field, value])) }, form];
}

describe('nothing a client sends yields a 5xx, and every answer is the envelope', () => {
  // Every route, id, body and caller: thousands of requests, slow on a busy machine.
  it.each(hostileValues)(
    'every field as %s',
    async (_case, value) => {
      const query = new URLSearchParams(
        queryFields.map((field): [string, string] => [field, asText(value)]),
      );
      for (const endpoint of served()) {
        for (const id of pathIds) {
          const url = `${endpoint.path.replaceAll(/:\w+/g, id)}?${query.toString()}`;
          const bodies = endpoint.method === 'POST' ? bodiesOf(value) : [{}];
          for (const body of bodies) {
            for (const [caller, authorization] of await callers()) {
              const response = await app.inject({
                method: endpoint.method,
                url,
                ...body,
                headers: { ...body.headers, ...authorization },
                remoteAddress: nextAddress(),
              });
              const answer = `${endpoint.method} ${url.split('?')[0] ?? ''} as ${caller}`;
              expect([answer, response.statusCode < 500]).toEqual([answer, true]);
              const envelope = response.json<{ status?: unknown; message?: unknown }>();
              if (response.statusCode >= 400) {
                expect([answer, envelope.status, typeof envelope.message]).toEqual([
                  answer,
                  'error',
                  'string',
                ]);
              } else {
                expect([answer, typeof envelope.status]).toEqual([answer, 'string']);
              }
            }
          }
        }
      }
    },
    120_000,
  );
});
