import { searchTotalCap } from '@sesxi/contract';
import { and, desc, eq, isNotNull, like, not, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { minutesBefore } from '#app/clock.ts';
import { rowsOf, type Database } from '#app/db/database.ts';
import { accessLog, identomatChecks, sessions, users } from '#app/db/schema.ts';
import { createSessionRepository, type SessionRead } from '#app/modules/sessions/index.ts';
import { tokenHash } from '#app/security/tokens.ts';
import { sandboxSupportAccount } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { insertBulkCustomers } from '#app/test/bulk-customers.ts';
import { databaseCallsOf } from '#app/test/database-calls.ts';
import { completedDocumentCheck, identifiedCustomer } from '#app/test/identity-checks.ts';
import { startSession } from '#app/test/onboarding.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { likePatternContaining } from '#app/db/like-pattern.ts';
import { verificationCheckOf } from '#app/modules/identity-checks/index.ts';
import {
  createSupportRepository,
  customerWithSession,
  everyCustomerWithSession,
  searchWithSession,
  type TotalledRow,
} from './repository.ts';
import {
  customerWithSessionValues,
  listWithSessionValues,
  recentChecksShown,
} from './read-values.ts';

const clock = testClock();
const logs = logCapture();
let app: FastifyInstance;
let supportToken: string;
const freshPhone = phoneSeries('59380');

interface Row {
  id: number;
  name: string;
  surname: string;
  document_type: { name: string };
  document_number: string;
  identity_number: string;
  is_identomat_verified: boolean;
}

interface Page<Item = Row> {
  status: string;
  data: Item[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  total_capped?: boolean;
}

beforeAll(async () => {
  app = await buildTestApp({}, { clock, logStream: logs.stream });
  supportToken = await sandboxSupportToken(app);
});

afterAll(() => app.close());

function asSupport(url: string, headers: Record<string, string> = {}) {
  return app.inject({ url, headers: { ...bearer(supportToken), ...headers } });
}

/**
 * `requests`' results, each request having run the session read `read`'s statement once; then
 * `invalidUrl`, which the route's validation refuses, must not run it, and none of them may
 * have written an access-log row.
 */
async function readingOnceEachAndLoggingNothing<Row, Result>(
  read: SessionRead<Row>,
  requests: () => Promise<Result[]>,
  invalidUrl: string,
): Promise<Result[]> {
  const logRowsBefore = await app.database.db.$count(accessLog);
  const statement = vi.spyOn(read, 'statement');
  try {
    const results = await requests();
    expect(statement).toHaveBeenCalledTimes(results.length);
    statement.mockClear();
    expect((await asSupport(invalidUrl)).statusCode).toBe(422);
    expect(statement).not.toHaveBeenCalled();
    expect(await app.database.db.$count(accessLog)).toBe(logRowsBefore);
    return results;
  } finally {
    statement.mockRestore();
  }
}

async function list(query: Record<string, string | number> = {}): Promise<Page> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await asSupport(`/api/checking/users?${search.toString()}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
}

/** Customers who share a surname no other test uses, newest last. */
async function family(surname: string, count: number) {
  const members = [];
  for (let index = 0; index < count; index++) {
    const phone = freshPhone();
    members.push(
      await identifiedCustomer(app, phone, {
        name: 'ნინო',
        surname,
        personalNumber: `04${phone}`,
      }),
    );
  }
  return members.map((member) => member.user);
}

async function customerCount() {
  return app.database.db.$count(users, not(users.isStaff));
}

describe('the support API', () => {
  const urls = ['/api/checking/users', '/api/checking/users/1', '/api/checking/users/1/access-log'];

  it.each(urls)('%s answers 401 without a session and 403 to a customer', async (url) => {
    expect((await app.inject({ url })).statusCode).toBe(401);
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const forbidden = await app.inject({
      url,
      headers: bearer(await startSession(app, customer.id)),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      status: 'error',
      message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ',
    });
  });

  it.each([
    ['/api/checking/users/0', 422],
    ['/api/checking/users/abc', 422],
    ['/api/checking/users/99999999999', 422],
    ['/api/checking/users/2147483647', 404],
    ['/api/checking/users/2147483647/access-log', 404],
    ['/api/checking/users?page=0', 422],
    ['/api/checking/users?per_page=101', 422],
    ['/api/checking/users?page=900719925474099', 200],
  ])('%s answers %i', async (url, status) => {
    expect((await asSupport(url)).statusCode).toBe(status);
  });
});

describe('GET /api/checking/users', () => {
  it('lists customers newest first in the rows of the spec, never support staff', async () => {
    const [customer] = await family('რიგითაძე', 1);
    const page = await list({ per_page: 100 });
    expect(page.data[0]).toEqual({
      id: customer?.id,
      name: 'ნინო',
      surname: 'რიგითაძე',
      document_type: { name: 'პირადობის მოწმობა' },
      document_number: '13AB45678',
      identity_number: customer?.identityNumber,
      is_identomat_verified: false,
    });
    const ids = page.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const support = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, sandboxSupportAccount.phone));
    expect(ids).not.toContain(support[0]?.id);
  });

  it('names the document type in English when asked', async () => {
    const response = await asSupport('/api/checking/users', { 'accept-language': 'en' });
    expect(response.json<Page>().data[0]?.document_type).toEqual({ name: 'ID card' });
  });

  it('pages: current page, per page, total and last page', async () => {
    const members = await family('გვერდაძე', 7);
    const newestFirst = members.map((member) => member.id).reverse();
    const third = await list({ search: 'გვერდაძე', per_page: 3, page: 3 });
    expect(third).toMatchObject({
      status: 'success',
      current_page: 3,
      per_page: 3,
      total: 7,
      last_page: 3,
      total_capped: false,
    });
    expect(third.data.map((row) => row.id)).toEqual(newestFirst.slice(6));
    const second = await list({ search: 'გვერდაძე', per_page: 3, page: 2 });
    expect(second.data.map((row) => row.id)).toEqual(newestFirst.slice(3, 6));
    const beyond = await list({ search: 'გვერდაძე', per_page: 3, page: 4 });
    expect(beyond).toMatchObject({ data: [], total: 7, last_page: 3 });
    const none = await list({ search: 'არავინაძე' });
    expect(none).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('counts every customer exactly without a search, as new ones register', async () => {
    const before = await list({ per_page: 1 });
    expect(before.total).toBe(await customerCount());
    expect(before.last_page).toBe(before.total);
    await insertCustomer(app, { phone: freshPhone() });
    const after = await list({ per_page: 1 });
    expect(after.total).toBe(before.total + 1);
    expect(after.total).toBe(await customerCount());
  });

  describe('search', () => {
    let found: Awaited<ReturnType<typeof identifiedCustomer>>['user'];

    beforeAll(async () => {
      const phone = '593801234';
      ({ user: found } = await identifiedCustomer(app, phone, {
        name: 'ზვიად',
        surname: 'ძებნიაშვილი',
        personalNumber: '62468013579',
        documentNumber: '77QZ12345',
        documentTypeId: 2,
      }));
    });

    it.each([
      ['a part of the name', 'ზვია'],
      ['a part of the surname', 'ებნიაშ'],
      ['the whole surname', 'ძებნიაშვილი'],
      ['the name and surname', 'ზვიად ძებნია'],
      ['a part of the personal number', '6801357'],
      ['the personal number', '62468013579'],
      ['a part of the document number, in any case', 'qz123'],
      ['a part of the phone', '3801234'],
      ['the phone', '593801234'],
      ['a Georgian part with spaces around it', '  ძებნია  '],
      ['the name in Mtavruli capitals', 'ᲖᲕᲘᲐᲓ'],
    ])('finds a customer by %s', async (_case, search) => {
      const page = await list({ search });
      expect(page.data.map((row) => row.id)).toEqual([found.id]);
      expect(page.data[0]?.document_type).toEqual({ name: 'პასპორტი' });
      expect(page.total).toBe(1);
    });

    it('never finds support staff, even by their own phone or id', async () => {
      const [staff] = await app.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, sandboxSupportAccount.phone));
      expect((await list({ search: String(staff?.id) })).data).toEqual([]);
      expect((await list({ search: sandboxSupportAccount.phone })).data).toEqual([]);
      expect((await list({ search: sandboxSupportAccount.surname })).data).toEqual([]);
    });

    it.each([
      ['%%%'],
      ['___'],
      ['ზვ%'],
      ['ზ_ი'],
      ["' or 1=1 --"],
      ['\\\\\\'],
      ['"ზვიად"'],
      ['ზვიად\\'],
    ])('takes %j as plain text', async (search) => {
      expect(await list({ search })).toMatchObject({ data: [], total: 0 });
    });

    it('finds the characters LIKE treats specially when a customer has them', async () => {
      const { user } = await identifiedCustomer(app, freshPhone(), {
        name: 'ტესტ_%\\',
        surname: "ო'ბრაიენი",
        personalNumber: '71112223334',
      });
      for (const search of ['_%\\', "ო'ბრ", 'სტ_%']) {
        expect((await list({ search })).data.map((row) => row.id)).toEqual([user.id]);
      }
    });

    it('finds a customer by their id, matched exactly however short', async () => {
      const byId = await list({ search: String(found.id) });
      expect(byId.data.map((row) => row.id)).toEqual([found.id]);
      expect(byId.total).toBe(1);
      expect(await list({ search: '0' })).toMatchObject({ data: [], total: 0 });
    });

    const tooShort = 'შეიყვანეთ მინიმუმ 3 სიმბოლო ან მომხმარებლის ID (მხოლოდ ციფრები)';
    it.each([
      ['one letter', 'ზ', tooShort],
      ['two characters not all digits', '1a', tooShort],
      ['over 100 characters', 'ა'.repeat(101), 'მაქსიმუმ 100 სიმბოლო'],
      ['a NUL byte', 'ზვი\u0000ად', 'შეიცავს დაუშვებელ სიმბოლოს'],
    ])('refuses %s with a message under the field', async (_case, search, message) => {
      const response = await asSupport(`/api/checking/users?search=${encodeURIComponent(search)}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ search: [message] });
    });
  });

  describe(`a search matching more than ${searchTotalCap} customers`, () => {
    const surname = 'მრავალაძე';
    const count = searchTotalCap + 200;

    beforeAll(async () => {
      await insertBulkCustomers(app.database.db, {
        count,
        phonePrefix: '59381',
        identityPrefix: '938',
        surnames: [surname],
      });
    });

    /** The page as counting every match would find it. */
    async function expected(limit: number, offset: number) {
      const rows = await app.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(not(users.isStaff), like(users.searchText, likePatternContaining(surname))))
        .orderBy(desc(users.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => row.id);
    }

    it(`answers ${searchTotalCap} as the total, says so, and still pages correctly`, async () => {
      const first = await list({ search: surname, per_page: 50 });
      expect(first).toMatchObject({
        total: searchTotalCap,
        total_capped: true,
        last_page: searchTotalCap / 50,
      });
      expect(first.data.map((row) => row.id)).toEqual(await expected(50, 0));
      const later = await list({ search: surname, per_page: 50, page: 22 });
      expect(later.data.map((row) => row.id)).toEqual(await expected(50, 1050));
      expect(later.data.every((row) => row.surname === surname)).toBe(true);
    });

    it('reads and logs a page past the cap once, in a second statement, naming its rows', async () => {
      const before = await app.database.db.$count(accessLog);
      const { result: page, ...calls } = await databaseCallsOf(app, () =>
        list({ search: surname, per_page: 20, page: 3 }),
      );
      expect(page.data.map((row) => row.id)).toEqual(await expected(20, 40));
      // The session's statement (which reads no page past the cap), then the past-cap page's.
      expect(calls).toEqual({ statements: 1, transactions: 1 });
      expect(await app.database.db.$count(accessLog)).toBe(before + 1);
      const [latest] = await app.database.db.select().from(accessLog).orderBy(desc(accessLog.id));
      expect(latest?.subjectUserIds).toEqual(page.data.map((row) => row.id));
    });

    it('counts exactly below the cap', async () => {
      // Every twentieth of them is a ზურაბ.
      const few = await list({ search: `ზურაბ ${surname}`, per_page: 100 });
      expect(few).toMatchObject({ total: count / 20, total_capped: false, last_page: 1 });
      expect(few.data).toHaveLength(count / 20);
    });
  });
});

/** The sandbox support account's id. */
async function supportUserId() {
  const [support] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, sandboxSupportAccount.phone));
  return support?.id ?? 0;
}

/** `read` with `token`'s session in a transaction of its own: its rows, and whether it wrote. */
function readAs<Row>(read: SessionRead<Row>, values: Record<string, unknown>, token: string) {
  const now = clock.now();
  const window = {
    idleSince: minutesBefore(now, 30),
    begunSince: minutesBefore(now, 720),
    sandboxAccounts: true,
  };
  return app.database.db.transaction(async (tx) => {
    const found = await createSessionRepository(tx).resolveWith(
      tokenHash(token),
      window,
      read,
      values,
    );
    const [{ xid } = { xid: null }] = rowsOf<{ xid: string | null }>(
      await tx.execute(sql`select pg_current_xact_id_if_assigned()::text as xid`),
    );
    return { rows: found?.alongside, wrote: xid !== null };
  });
}

/** readAs for a list's read with the session (`read`): the first page of `search`, 15 rows. */
function firstPageAs(read: SessionRead<TotalledRow>, search: string) {
  const values = listWithSessionValues({ search, page: 1, per_page: 15 }, '127.0.0.1', clock.now());
  return (token: string) => readAs(read, values, token);
}

describe('GET /api/checking/users/:id', () => {
  it('shows the customer and their latest checks, newest first, with the comparison', async () => {
    const phone = freshPhone();
    const { user, token } = await identifiedCustomer(app, phone, {
      name: 'ნიკა',
      surname: 'ქავთარაძე',
      personalNumber: `0${phone.slice(1)}93`.slice(0, 11),
    });
    const first = await completedDocumentCheck(app, token);
    clock.advance(60_000);
    const second = await completedDocumentCheck(app, token);
    clock.advance(60_000);

    const response = await asSupport(`/api/checking/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      user: Record<string, unknown>;
      lastRequests: {
        session_token: string;
        outcome: string;
        result: Record<string, unknown>;
        comparison: { field: string; matches: boolean; source: string }[];
        created_at: string;
      }[];
    }>();
    expect(body.user).toEqual({
      id: user.id,
      name: 'ნიკა',
      surname: 'ქავთარაძე',
      document_type: { name: 'პირადობის მოწმობა' },
      document_number: '13AB45678',
      identity_number: user.identityNumber,
      is_identomat_verified: false,
      phone,
      is_sda_verified: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as string,
    });
    expect(body.lastRequests.map((check) => check.session_token)).toEqual([
      second.sessionToken,
      first.sessionToken,
    ]);
    const [latest] = body.lastRequests;
    expect(latest).toMatchObject({
      outcome: 'failure',
      result: { result: 'approved', similarity: 0.41 },
    });
    expect(latest?.comparison.filter((row) => !row.matches).map((row) => row.field)).toEqual([
      'surname',
      'surname_latin',
      'document_number',
    ]);
    expect(latest?.comparison.find((row) => row.field === 'document_number')?.source).toBe(
      'entered',
    );
  });

  it(`shows only the ${recentChecksShown} latest completed checks`, async () => {
    const { user, token } = await identifiedCustomer(app, freshPhone(), {
      name: 'ნინო',
      surname: 'შემოწმებაძე',
      personalNumber: '71112223335',
    });
    for (let check = 0; check < recentChecksShown + 1; check++) {
      await completedDocumentCheck(app, token);
      clock.advance(1_000);
    }
    const pending = await app.inject({
      method: 'POST',
      url: '/api/identomat/session',
      headers: bearer(token),
    });
    expect(pending.statusCode).toBe(200);
    const body = (await asSupport(`/api/checking/users/${user.id}`)).json<{
      user: { is_identomat_verified: boolean };
      lastRequests: { outcome: string }[];
    }>();
    expect(body.lastRequests).toHaveLength(recentChecksShown);
    expect(body.lastRequests.every((check) => check.outcome === 'success')).toBe(true);
    expect(body.user.is_identomat_verified).toBe(true);
  });

  it('answers 404 for a user that is no customer', async () => {
    const [support] = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, sandboxSupportAccount.phone));
    expect((await asSupport(`/api/checking/users/${support?.id}`)).statusCode).toBe(404);
  });
});

describe('a search, read and logged with the session in one statement', () => {
  const searchUrl = (search: string, query = '') =>
    `/api/checking/users?search=${encodeURIComponent(search)}${query}`;
  const logRows = () => app.database.db.$count(accessLog);

  async function supportSession() {
    return startSession(app, await supportUserId());
  }

  /** Moves a session's last use `minutes` back, as if it had not been used since. */
  async function unusedFor(token: string, minutes: number) {
    await app.database.db
      .update(sessions)
      .set({ lastUsedAt: minutesBefore(clock.now(), minutes) })
      .where(eq(sessions.tokenHash, tokenHash(token)));
  }

  it('answers a search in one statement: session, gate, page, total and log row', async () => {
    const members = await family('ერთჯერაძე', 3);
    const token = await supportSession();
    const statement = vi.spyOn(searchWithSession, 'statement');
    try {
      const { result: response, ...calls } = await databaseCallsOf(app, () =>
        app.inject({ url: searchUrl('ერთჯერაძე'), headers: bearer(token) }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<Page>()).toMatchObject({ total: 3, total_capped: false });
      expect(response.json<Page>().data.map((row) => row.id)).toEqual(
        members.map((member) => member.id).reverse(),
      );
      expect(calls).toEqual({ statements: 1, transactions: 0 });
      expect(statement).toHaveBeenCalledTimes(1);
    } finally {
      statement.mockRestore();
    }
  });

  it('logs exactly the customers of the page it answers', async () => {
    const members = await family('სუბიექტიძე', 5);
    const page = await list({ search: 'სუბიექტიძე', per_page: 2, page: 2 });
    const shown = page.data.map((row) => row.id);
    expect(shown).toEqual(
      members
        .map((member) => member.id)
        .reverse()
        .slice(2, 4),
    );
    const [latest] = await app.database.db.select().from(accessLog).orderBy(desc(accessLog.id));
    expect(latest).toMatchObject({
      actorUserId: await supportUserId(),
      subjectUserIds: shown,
      details: { search: 'სუბიექტიძე', page: 2, per_page: 2 },
    });
  });

  it('answers 401 to an unknown token and 403 to a customer, logging nothing', async () => {
    await family('უცხოაძე', 1);
    const before = await logRows();
    const unknown = await databaseCallsOf(app, () =>
      app.inject({ url: searchUrl('უცხოაძე'), headers: bearer('z'.repeat(43)) }),
    );
    expect(unknown.result.statusCode).toBe(401);
    expect(unknown).toMatchObject({ statements: 1, transactions: 0 });
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const customerToken = await startSession(app, customer.id);
    const forbidden = await databaseCallsOf(app, () =>
      app.inject({ url: searchUrl('უცხოაძე'), headers: bearer(customerToken) }),
    );
    expect(forbidden.result.statusCode).toBe(403);
    expect(forbidden).toMatchObject({ statements: 1, transactions: 0 });
    expect(await logRows()).toBe(before);
  });

  it('writes nothing at all for an unknown token or a customer: no transaction id is taken', async () => {
    const [member] = await family('ჩანაწერაძე', 1);
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const searchAs = firstPageAs(searchWithSession, 'ჩანაწერაძე');
    expect(await searchAs('z'.repeat(43))).toEqual({ rows: undefined, wrote: false });
    // A customer's session is found (the gate answers 403), with an empty page.
    expect(await searchAs(await startSession(app, customer.id))).toEqual({
      rows: [expect.objectContaining({ total: 0, id: null })],
      wrote: false,
    });
    const asSupportUser = await searchAs(await supportSession());
    expect(asSupportUser.wrote).toBe(true);
    expect(asSupportUser.rows?.map((row) => row.id)).toEqual([member?.id]);
  });

  it('refuses an invalid query from support with the field’s message, logging nothing', async () => {
    const before = await logRows();
    const statement = vi.spyOn(searchWithSession, 'statement');
    try {
      const response = await asSupport(searchUrl('ზ'));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'error',
        message: expect.any(String) as string,
        search: ['შეიყვანეთ მინიმუმ 3 სიმბოლო ან მომხმარებლის ID (მხოლოდ ციფრები)'],
      });
      expect((await asSupport(searchUrl('ერთჯერაძე', '&per_page=101'))).statusCode).toBe(422);
      expect(statement).not.toHaveBeenCalled();
    } finally {
      statement.mockRestore();
    }
    expect(await logRows()).toBe(before);
  });

  it('refuses an idle session with 401, logging nothing', async () => {
    const token = await supportSession();
    await unusedFor(token, 31);
    const before = await logRows();
    const response = await app.inject({ url: searchUrl('ერთჯერაძე'), headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(await logRows()).toBe(before);
  });

  it('moves the session’s last use at most once a minute', async () => {
    const token = await supportSession();
    await unusedFor(token, 2);
    const search = () =>
      databaseCallsOf(app, () =>
        app.inject({ url: searchUrl('ერთჯერაძე'), headers: bearer(token) }),
      );
    // The search's statement, then the session's last use moved to now.
    expect(await search()).toMatchObject({ statements: 2, transactions: 0 });
    const [session] = await app.database.db
      .select({ lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)));
    expect(session?.lastUsedAt).toEqual(clock.now());
    expect(await search()).toMatchObject({ statements: 1, transactions: 0 });
  });
});

describe('the user page, read and logged with the session in one statement', () => {
  const logRows = () => app.database.db.$count(accessLog);

  async function checkedCustomer() {
    const phone = freshPhone();
    const { user, token } = await identifiedCustomer(app, phone, {
      name: 'ლევან',
      surname: 'ერთგზისაძე',
      personalNumber: `0${phone.slice(1)}93`.slice(0, 11),
    });
    await completedDocumentCheck(app, token);
    clock.advance(1_000);
    await completedDocumentCheck(app, token);
    clock.advance(1_000);
    return user;
  }

  it('answers in one statement: session, gate, customer, checks and log row', async () => {
    const customer = await checkedCustomer();
    const before = await logRows();
    const statement = vi.spyOn(customerWithSession, 'statement');
    try {
      const { result: response, ...calls } = await databaseCallsOf(app, () =>
        asSupport(`/api/checking/users/${customer.id}`),
      );
      expect(response.statusCode).toBe(200);
      expect(calls).toEqual({ statements: 1, transactions: 0 });
      expect(statement).toHaveBeenCalledTimes(1);
    } finally {
      statement.mockRestore();
    }
    expect(await logRows()).toBe(before + 1);
    const [latest] = await app.database.db.select().from(accessLog).orderBy(desc(accessLog.id));
    expect(latest).toMatchObject({
      actorUserId: await supportUserId(),
      subjectUserIds: [customer.id],
      action: 'users.show',
      details: {},
      ip: '127.0.0.1',
      createdAt: clock.now(),
    });
  });

  it('answers the checks exactly as the stored checks read on their own show them', async () => {
    const customer = await checkedCustomer();
    const stored = await createSupportRepository(app.database.db).customerById(customer.id);
    if (!stored) throw new Error('the customer was not stored');
    // The rule, stated here on its own: those with a result, newest first, the latest few.
    const checks = await app.database.db
      .select()
      .from(identomatChecks)
      .where(and(eq(identomatChecks.userId, customer.id), isNotNull(identomatChecks.completedAt)))
      .orderBy(desc(identomatChecks.createdAt), desc(identomatChecks.id))
      .limit(recentChecksShown);
    expect(checks).toHaveLength(2);
    const response = await asSupport(`/api/checking/users/${customer.id}`);
    expect(response.json<{ lastRequests: unknown }>().lastRequests).toEqual(
      checks.map((check) => verificationCheckOf(stored, check)),
    );
  });

  it('logs nothing for 401, 403, 404 or an invalid id, and reads nothing for an invalid id', async () => {
    const customer = await checkedCustomer();
    const customerToken = await startSession(app, customer.id);
    const answers = await readingOnceEachAndLoggingNothing(
      customerWithSession,
      async () => [
        await app.inject({
          url: `/api/checking/users/${customer.id}`,
          headers: bearer('z'.repeat(43)),
        }),
        await app.inject({
          url: `/api/checking/users/${customer.id}`,
          headers: bearer(customerToken),
        }),
        await asSupport('/api/checking/users/2147483647'),
        await asSupport(`/api/checking/users/${await supportUserId()}`),
      ],
      '/api/checking/users/0',
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 403, 404, 404]);
  });

  it('writes nothing at all for an unknown token or a customer: no transaction id is taken', async () => {
    const customer = await checkedCustomer();
    const values = customerWithSessionValues(customer.id, '127.0.0.1', clock.now());
    const showAs = (token: string) => readAs(customerWithSession, values, token);
    expect(await showAs('z'.repeat(43))).toEqual({ rows: undefined, wrote: false });
    expect(await showAs(await startSession(app, customer.id))).toEqual({ rows: [], wrote: false });
    const asSupportUser = await showAs(await startSession(app, await supportUserId()));
    expect(asSupportUser.wrote).toBe(true);
    expect(asSupportUser.rows?.map((row) => [row.id, row.checks.length])).toEqual([
      [customer.id, 2],
    ]);
  });
});

describe('the list without a search, read and logged with the session in one statement', () => {
  it('answers in one statement: session, gate, page, total and log row', async () => {
    await family('სიისადაძე', 2);
    const statement = vi.spyOn(everyCustomerWithSession, 'statement');
    try {
      const { result: response, ...calls } = await databaseCallsOf(app, () =>
        asSupport('/api/checking/users?per_page=3&page=2'),
      );
      expect(response.statusCode).toBe(200);
      expect(calls).toEqual({ statements: 1, transactions: 0 });
      expect(statement).toHaveBeenCalledTimes(1);
      const page = response.json<Page>();
      expect(page).toMatchObject({ current_page: 2, per_page: 3, total_capped: false });
      expect(page.total).toBe(await customerCount());
      const [latest] = await app.database.db.select().from(accessLog).orderBy(desc(accessLog.id));
      expect(latest).toMatchObject({
        actorUserId: await supportUserId(),
        subjectUserIds: page.data.map((row) => row.id),
        action: 'users.list',
        details: { search: '', page: 2, per_page: 3 },
        ip: '127.0.0.1',
        createdAt: clock.now(),
      });
    } finally {
      statement.mockRestore();
    }
  });

  it('answers the page and total the statement without the session answers', async () => {
    const request = { search: '', limit: 4, offset: 4 };
    const read = { action: 'users.list' as const, details: {}, ip: '127.0.0.1', at: clock.now() };
    const direct = await createSupportRepository(app.database.db).customerPage(request, {
      ...read,
      actorUserId: await supportUserId(),
    });
    const page = await list({ page: 2, per_page: 4 });
    expect(page.data.map((row) => row.id)).toEqual(direct.rows.map((row) => row.id));
    expect(page.total).toBe(direct.total);
  });

  it('logs nothing for 401, 403 or an invalid query, and reads nothing for the latter', async () => {
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const customerToken = await startSession(app, customer.id);
    const [unknown, forbidden] = await readingOnceEachAndLoggingNothing(
      everyCustomerWithSession,
      async () => [
        await databaseCallsOf(app, () =>
          app.inject({ url: '/api/checking/users', headers: bearer('z'.repeat(43)) }),
        ),
        await databaseCallsOf(app, () =>
          app.inject({ url: '/api/checking/users', headers: bearer(customerToken) }),
        ),
      ],
      '/api/checking/users?per_page=101',
    );
    expect([unknown?.result.statusCode, forbidden?.result.statusCode]).toEqual([401, 403]);
    expect(unknown).toMatchObject({ statements: 1, transactions: 0 });
    expect(forbidden).toMatchObject({ statements: 1, transactions: 0 });
  });

  it('writes nothing at all for an unknown token or a customer: no transaction id is taken', async () => {
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const listAs = firstPageAs(everyCustomerWithSession, '');
    expect(await listAs('z'.repeat(43))).toEqual({ rows: undefined, wrote: false });
    const asCustomer = await listAs(await startSession(app, customer.id));
    expect(asCustomer.wrote).toBe(false);
    expect(asCustomer.rows?.every((row) => row.id === null)).toBe(true);
    const asSupport = await listAs(await startSession(app, await supportUserId()));
    expect(asSupport.wrote).toBe(true);
    expect(asSupport.rows).toHaveLength(Math.min(15, await customerCount()));
  });
});

describe('the access log', () => {
  async function logOf(subjectId: number) {
    const response = await asSupport(`/api/checking/users/${subjectId}/access-log?per_page=100`);
    expect(response.statusCode).toBe(200);
    return response.json<Page<{ action: string; actor: { name: string }; ip: string }>>();
  }

  async function rowsAbout(subjectId: number) {
    const rows = await app.database.db.select().from(accessLog).orderBy(desc(accessLog.id));
    return rows.filter((row) => row.subjectUserIds.includes(subjectId));
  }

  it('records every list page, with the ids shown, the search and the address', async () => {
    const [member] = await family('ჟურნალაძე', 1);
    await list({ search: 'ჟურნალაძე', page: 1, per_page: 5 });
    const [row] = await rowsAbout(member?.id ?? 0);
    expect(row).toMatchObject({
      action: 'users.list',
      subjectUserIds: [member?.id],
      details: { search: 'ჟურნალაძე', page: 1, per_page: 5 },
      ip: '127.0.0.1',
      createdAt: clock.now(),
    });
  });

  it('writes one row for every read, also of the same page', async () => {
    const [member] = await family('განმეორებაძე', 1);
    for (let read = 0; read < 3; read++) await list({ search: 'განმეორებაძე' });
    expect((await rowsAbout(member?.id ?? 0)).map((row) => row.action)).toEqual([
      'users.list',
      'users.list',
      'users.list',
    ]);
  });

  it('commits a list page’s row without waiting for the disk, in that transaction only', async () => {
    const setting = async (db: Database) =>
      rowsOf<{ synchronous_commit: string }>(await db.execute(sql`show synchronous_commit`))[0]
        ?.synchronous_commit;
    const before = await setting(app.database.db);
    const [member] = await family('დისკაძე', 1);
    const read = { actorUserId: member?.id ?? 0, action: 'users.list' as const };
    const during = await app.database.db.transaction(async (tx) => {
      const page = await createSupportRepository(tx).customerPage(
        { search: 'დისკაძე', limit: 10, offset: 0 },
        { ...read, details: {}, ip: '127.0.0.1', at: clock.now() },
      );
      expect(page.rows.map((row) => row.id)).toEqual([member?.id]);
      return setting(tx);
    });
    expect(during).toBe('off');
    expect(await setting(app.database.db)).toBe(before);
    expect(await rowsAbout(member?.id ?? 0)).toHaveLength(1);
  });

  it('also writes each read to the server log, without personal data', async () => {
    await list({ search: 'ლოგაძე' });
    expect(logs.events('support_read').at(-1)).toMatchObject({
      action: 'users.list',
      subjects: 0,
    });
    expect(JSON.stringify(logs.lines)).not.toContain('ლოგაძე');
  });

  it('records a search that found nobody', async () => {
    await list({ search: 'არარსებულაძე' });
    const [latest] = await app.database.db.select().from(accessLog).orderBy(desc(accessLog.id));
    expect(latest).toMatchObject({
      action: 'users.list',
      subjectUserIds: [],
      details: { search: 'არარსებულაძე' },
    });
  });

  it('records detail views and reads of the log itself, and lists them newest first', async () => {
    const [member] = await family('ნახვაძე', 1);
    const id = member?.id ?? 0;
    await asSupport(`/api/checking/users/${id}`);
    clock.advance(1_000);
    const first = await logOf(id);
    expect(first).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(first.data).toEqual([
      {
        id: expect.any(Number) as number,
        actor: { id: expect.any(Number) as number, name: 'თამარ', surname: 'ლომიძე' },
        action: 'users.show',
        ip: '127.0.0.1',
        created_at: expect.any(String) as string,
      },
    ]);
    const second = await logOf(id);
    expect(second.data.map((entry) => entry.action)).toEqual(['users.access_log', 'users.show']);
    expect((await rowsAbout(id)).map((row) => row.action)).toEqual([
      'users.access_log',
      'users.access_log',
      'users.show',
    ]);
  });

  it('records nothing when the answer carries no personal data', async () => {
    const before = await app.database.db.$count(accessLog);
    await asSupport('/api/checking/users/2147483647');
    await asSupport('/api/checking/users?search=ab');
    const customer = await insertCustomer(app, { phone: freshPhone() });
    await app.inject({
      url: '/api/checking/users',
      headers: bearer(await startSession(app, customer.id)),
    });
    expect(await app.database.db.$count(accessLog)).toBe(before);
  });
});
