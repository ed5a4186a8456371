import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { paginated, paginationQuery, recordId, success } from './envelope.ts';
import { access } from './access.ts';
import { timestamp } from './formats.ts';
import { decision, loanStatus } from './loans.ts';

// ── Identity-document verification (Identomat) ────────────────────────────────────────

/**
 * `POST /api/identomat/session`: starts a document verification for the signed-in customer.
 * The browser goes to `url` (Identomat's widget, or the sandbox page) and comes back to
 * `/identomat?session_token=…`.
 */
export const identomatStart = defineEndpoint({
  method: 'POST',
  path: '/api/identomat/session',
  access: access.customer,
  response: success({ session_token: z.string(), url: z.url() }),
});

/**
 * `GET /api/identomat-user/{sessionToken}`: fetches and judges the result. `failure` (HTTP
 * 200, an answer rather than an error) carries the provider's reason or the spec's default
 * text; an unreachable provider is a 503 error body; a token of another customer is a 404.
 */
export const identomatResult = defineEndpoint({
  method: 'GET',
  path: '/api/identomat-user/:sessionToken',
  access: access.customer,
  params: z.object({ sessionToken: z.string().min(1).max(200) }),
  response: z.discriminatedUnion('status', [
    success({ text: z.string() }),
    z.object({ status: z.literal('failure'), text: z.string() }),
  ]),
});

// ── Support back office ───────────────────────────────────────────────────────────────

const documentTypeName = z.object({ name: z.string() });

/** One row of the support table (spec §3, "User for support"). */
export const supportUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  document_type: documentTypeName,
  document_number: z.string(),
  identity_number: z.string(),
  is_identomat_verified: z.boolean(),
});

/** One customer as support sees them: the row plus the rest of the personal record. */
export const supportUser = supportUserRow.extend({
  phone: z.string(),
  is_sda_verified: z.boolean(),
  created_at: z.string(),
});

/** Where a value of the customer's record came from. */
export const dataSource = z.enum(['sso', 'entered']);

/**
 * One compared field of a verification: the customer's value beside the document's, judged
 * on the server (Georgian letters compared as they are, Latin names by transliteration).
 */
export const verificationComparison = z.object({
  field: z.enum([
    'identity_number',
    'name',
    'surname',
    'name_latin',
    'surname_latin',
    'document_number',
  ]),
  source: dataSource,
  customer_value: z.string(),
  document_value: z.string().nullable(),
  matches: z.boolean(),
});

/** A verification check record (spec §3) with our judgement of it. */
export const verificationCheck = z.object({
  id: z.number().int(),
  session_token: z.string(),
  result: z.record(z.string(), z.unknown()),
  outcome: z.enum(['success', 'failure']).nullable(),
  comparison: z.array(verificationComparison),
  created_at: z.string(),
});

/** The fewest characters a search may have: trigram indexes need three to narrow anything down. */
export const minimumSearchLength = 3;

/** Beyond this many matches a search answers this number as its total (`total_capped`). */
export const searchTotalCap = 1000;

/** The id a search names when it is all digits (a shorter one still finds that customer). */
export function userIdOfSearch(search: string): number | undefined {
  if (!/^\d{1,10}$/.test(search)) return undefined;
  const id = Number(search);
  return id <= 2_147_483_647 ? id : undefined;
}

/** A search the list can run: none, an id, or at least `minimumSearchLength` characters. */
export function isRunnableSearch(search: string): boolean {
  return search.length === 0 || search.length >= minimumSearchLength || /^\d+$/.test(search);
}

/**
 * `GET /api/checking/users?page=&per_page=&search=`: newest first, search on any part of the
 * name, surname, personal number, document number or phone (at least three characters), or on
 * the customer's id (all digits, matched exactly, however short). A search matching more than
 * `searchTotalCap` customers answers that cap as `total` with `total_capped: true`: counting
 * every match of a broad term among a million customers costs more than the page itself.
 * Without a search the total is always exact.
 */
export const supportUsers = defineEndpoint({
  method: 'GET',
  path: '/api/checking/users',
  access: access.staff('support'),
  query: paginationQuery.extend({
    search: paginationQuery.shape.search.check((context) => {
      if (!isRunnableSearch(context.value)) {
        context.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: minimumSearchLength,
          inclusive: true,
          message: 'validation.searchTooShort',
          input: context.value,
        });
      }
    }),
  }),
  response: paginated(supportUserRow).extend({ total_capped: z.boolean() }),
});

/** A user's id in a path, within PostgreSQL's `integer` (a larger one is refused, never queried). */
const userIdParams = z.object({ id: recordId });

/**
 * One of the customer's applications as support reads it (to answer "why was I rejected?" and
 * "where is my money?"): amounts in lari, the status in the request's language, and the
 * latest decision once there is one: an approval's final terms (`awaiting_second_officer`
 * while a second officer has not confirmed it) or a rejection's reasons in the Georgian texts
 * the customer reads. Never the officer's internal note.
 */
export const supportApplication = z.object({
  id: z.number().int(),
  created_at: timestamp,
  amount: z.number(),
  months: z.number().int(),
  loan_status: loanStatus,
  decision: decision.nullable(),
});

/**
 * `GET /api/checking/users/{id}`: the customer, their 10 most recent checks and their
 * applications, newest first (read-only; logged as `users.show`).
 */
export const supportUserShow = defineEndpoint({
  method: 'GET',
  path: '/api/checking/users/:id',
  access: access.staff('support'),
  params: userIdParams,
  response: success({
    user: supportUser,
    lastRequests: z.array(verificationCheck),
    applications: z.array(supportApplication),
  }),
});

/**
 * What a staff read of customers' data was: the support list, a customer, a customer's
 * access history; the application queue, an application, its bank statement, a customer's
 * document (a contract, say); and a content editor's publish of a text (no customer's data:
 * the log keeps who changed what visitors read).
 */
export const accessLogActions = [
  'users.list',
  'users.show',
  'users.access_log',
  'applications.list',
  'applications.show',
  'applications.bank_statement',
  'applications.document',
  'content.publish',
] as const;

/** One line of the access log: who looked at this customer's data, what and when. */
export const accessLogEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), surname: z.string() }),
  action: z.enum(accessLogActions),
  ip: z.string(),
  created_at: z.string(),
});

/** `GET /api/checking/users/{id}/access-log`: who read this customer's data, newest first. */
export const supportUserAccessLog = defineEndpoint({
  method: 'GET',
  path: '/api/checking/users/:id/access-log',
  access: access.staff('support'),
  params: userIdParams,
  query: paginationQuery.omit({ search: true }),
  response: paginated(accessLogEntry),
});

export type SupportUserRow = z.output<typeof supportUserRow>;
export type SupportUser = z.output<typeof supportUser>;
export type SupportApplication = z.output<typeof supportApplication>;
export type VerificationCheck = z.output<typeof verificationCheck>;
export type VerificationComparison = z.output<typeof verificationComparison>;
export type AccessLogEntry = z.output<typeof accessLogEntry>;
