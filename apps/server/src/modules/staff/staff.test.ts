import type { SessionUser, StaffAccount, StaffRole } from '@sesxi/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, users } from '#app/db/schema.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import {
  sandboxAdminAccount,
  sandboxStaffAccounts,
  sandboxSupportAccount,
} from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxStaffToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { raceAt } from '#app/test/race.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { createStaffService, type NewStaffAccount } from './service.ts';

const logs = logCapture();
let app: FastifyInstance;
let adminToken: string;
const freshPhone = phoneSeries('5580');
let personalNumbers = 0;

beforeAll(async () => {
  app = await buildTestApp({}, { logStream: logs.stream });
  adminToken = await sandboxStaffToken(app, sandboxAdminAccount);
});

afterAll(() => app.close());

const staffService = () =>
  createStaffService({ db: app.database.db, clock: app.clock, log: app.log });

/** A staff account as `npm run staff:create` makes it; answers it with its temporary password. */
async function createStaff(changes: Partial<NewStaffAccount> = {}) {
  personalNumbers += 1;
  const created = await staffService().create({
    phone: freshPhone(),
    name: 'ანა',
    surname: 'მელაძე',
    roles: ['support'],
    machine: false,
    personalNumber: `0700700${String(personalNumbers).padStart(4, '0')}`,
    ...changes,
  });
  return { ...created, password: 'password' in created ? created.password : '' };
}

function login(phone: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { phone, password } });
}

async function signIn(phone: string, password: string): Promise<SessionUser> {
  const response = await login(phone, password);
  expect(response.statusCode).toBe(200);
  return response.json<{ user: SessionUser }>().user;
}

/** A staff account with a password of its own (its temporary one changed), signed in. */
async function signedInStaff(roles: StaffRole[] = ['support']) {
  const account = await createStaff({ roles });
  const first = await signIn(account.phone, account.password);
  const password = 'საკუთარი პაროლი 2026';
  const changed = await changePassword(first.apiToken, password);
  expect(changed.statusCode).toBe(200);
  return { ...account, password, token: (await signIn(account.phone, password)).apiToken };
}

function changePassword(token: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/change-password',
    headers: bearer(token),
    payload: { password, password_confirmation: password },
  });
}

function staffCall(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token = adminToken,
  payload?: object,
) {
  return app.inject({ method, url, headers: bearer(token), payload });
}

const gated = (token: string) => staffCall('GET', '/api/checking/users', token);

describe('GET /api/staff', () => {
  it('lists every staff account for an admin, the personal numbers masked, no customer', async () => {
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const response = await staffCall('GET', '/api/staff');
    expect(response.statusCode).toBe(200);
    const { staff } = response.json<{ staff: StaffAccount[] }>();
    expect(staff.map((account) => account.phone)).toEqual(
      expect.arrayContaining(sandboxStaffAccounts.map((account) => account.phone)),
    );
    expect(staff.map((account) => account.id)).not.toContain(customer.id);
    expect(staff.find((account) => account.phone === sandboxSupportAccount.phone)).toEqual({
      id: expect.any(Number) as number,
      phone: sandboxSupportAccount.phone,
      name: sandboxSupportAccount.name,
      surname: sandboxSupportAccount.surname,
      roles: ['support'],
      is_machine: false,
      personal_number: '*******0101',
      disabled_at: null,
      last_signed_in_at: null,
      must_change_password: false,
      is_sandbox: true,
    });
    const admin = staff.find((account) => account.phone === sandboxAdminAccount.phone);
    expect(admin?.last_signed_in_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(response.body).not.toContain(sandboxSupportAccount.personalNumber);
  });

  it('answers 401 without a session and 403 to anyone but an admin', async () => {
    expect((await app.inject({ url: '/api/staff' })).statusCode).toBe(401);
    const support = await sandboxStaffToken(app, sandboxSupportAccount);
    expect((await staffCall('GET', '/api/staff', support)).statusCode).toBe(403);
  });
});

describe('disabling a staff account', () => {
  it('ends its sessions at once and refuses its sign-in as a wrong password; enabling lets it back', async () => {
    const member = await signedInStaff();
    const otherSession = (await signIn(member.phone, member.password)).apiToken;
    expect((await gated(member.token)).statusCode).toBe(200);

    const disabled = await staffCall('POST', `/api/staff/${String(member.id)}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      account: { id: member.id, disabled_at: expect.any(String) as string },
    });
    expect((await gated(member.token)).statusCode).toBe(401);
    expect((await gated(otherSession)).statusCode).toBe(401);

    const refused = await login(member.phone, member.password);
    const wrongPassword = await login(member.phone, 'not the password at all');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(wrongPassword.json());
    expect(logs.events('login_failed')).toContainEqual(
      expect.objectContaining({ phone: member.phone, reason: 'disabled' }),
    );

    // Enabled again, it signs in anew: the sessions that ended stay ended.
    const enabled = await staffCall('POST', `/api/staff/${String(member.id)}/enable`);
    expect(enabled.json()).toMatchObject({ account: { disabled_at: null } });
    expect((await gated(member.token)).statusCode).toBe(401);
    await signIn(member.phone, member.password);
    const adminId = (
      await app.database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, sandboxAdminAccount.phone))
    )[0]?.id;
    expect(logs.events('staff_disabled')).toContainEqual(
      expect.objectContaining({ userId: member.id, actorId: adminId, sessions: 2, level: 40 }),
    );
    expect(logs.events('staff_enabled')).toContainEqual(
      expect.objectContaining({ userId: member.id, actorId: adminId }),
    );
  });

  it('leaves no way in through a session begun as it was disabled', async () => {
    // A sign-in that read the account just before the disable committed writes its session after.
    const member = await signedInStaff();
    await staffCall('POST', `/api/staff/${String(member.id)}/disable`);
    const late = await createSessionService(
      createSessionRepository(app.database.db),
      app.clock,
    ).start(member.id);
    expect((await gated(late)).statusCode).toBe(401);
  });

  it('is refused for the admin themself, with a Georgian reason', async () => {
    const admin = await signedInStaff(['admin']);
    const response = await staffCall('POST', `/api/staff/${String(admin.id)}/disable`, admin.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'საკუთარი ანგარიშის დაბლოკვა შეუძლებელია',
    });
    expect((await gated(admin.token)).statusCode).toBe(403);
  });
});

describe('PUT /api/staff/:id/roles', () => {
  it('replaces the roles, which the next request already uses', async () => {
    const member = await signedInStaff(['support']);
    const response = await staffCall('PUT', `/api/staff/${String(member.id)}/roles`, adminToken, {
      roles: ['credit_officer', 'content_editor', 'credit_officer'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      account: { roles: ['credit_officer', 'content_editor'] },
    });
    expect((await gated(member.token)).statusCode).toBe(403);
    expect(logs.events('staff_roles_set')).toContainEqual(
      expect.objectContaining({
        userId: member.id,
        before: ['support'],
        roles: ['credit_officer', 'content_editor'],
      }),
    );
  });

  it('refuses an admin dropping their own admin role, an unknown role, and no role at all', async () => {
    const admin = await signedInStaff(['admin', 'support']);
    const own = await staffCall('PUT', `/api/staff/${String(admin.id)}/roles`, admin.token, {
      roles: ['support'],
    });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({
      roles: ['საკუთარი ადმინისტრატორის როლის მოხსნა შეუძლებელია'],
    });
    const member = await createStaff();
    for (const roles of [['owner'], []]) {
      const response = await staffCall(
        'PUT',
        `/api/staff/${String(member.id)}/roles`,
        admin.token,
        {
          roles,
        },
      );
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<object>())).toContain('roles');
    }
    expect(
      (
        await app.database.db
          .select({ roles: users.roles })
          .from(users)
          .where(eq(users.id, member.id))
      )[0]?.roles,
    ).toEqual(['support']);
  });

  it('lets two admins demoting each other at once leave one admin, never none', async () => {
    const first = await signedInStaff(['admin']);
    const second = await signedInStaff(['admin']);
    const demote = (actor: typeof first, target: typeof first) =>
      staffCall('PUT', `/api/staff/${String(target.id)}/roles`, actor.token, {
        roles: ['support'],
      });
    const race = raceAt(app, /'admin' = any/);
    const answers = await Promise.all([demote(first, second), demote(second, first)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const roles = await app.database.db
      .select({ roles: users.roles })
      .from(users)
      .where(inArray(users.id, [first.id, second.id]));
    expect(roles.filter((row) => row.roles.includes('admin'))).toHaveLength(1);
  });
});

describe('POST /api/staff/:id/revoke-tokens', () => {
  it("ends a service account's long-lived token", async () => {
    const machine = await staffService().create({
      phone: freshPhone(),
      name: 'ბირთვი',
      surname: 'სისტემა',
      roles: ['credit_officer'],
      machine: true,
      personalNumber: null,
    });
    const token = 'token' in machine ? machine.token : '';
    const queue = () => staffCall('GET', '/api/applications', token);
    expect((await queue()).statusCode).toBe(200);
    const response = await staffCall('POST', `/api/staff/${String(machine.id)}/revoke-tokens`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ revoked: 1, account: { is_machine: true } });
    expect((await queue()).statusCode).toBe(401);
    expect(logs.events('token_revoked')).toContainEqual(
      expect.objectContaining({ userId: machine.id, reason: 'staff_revoke', sessions: 1 }),
    );
  });
});

describe('every /api/staff route with an id', () => {
  const idRoutes: ['POST' | 'PUT', string, object | undefined][] = [
    ['POST', '/api/staff/:id/disable', undefined],
    ['POST', '/api/staff/:id/enable', undefined],
    ['PUT', '/api/staff/:id/roles', { roles: ['support'] }],
    ['POST', '/api/staff/:id/revoke-tokens', undefined],
  ];

  it.each(idRoutes)(
    '%s %s: a customer answers exactly like a missing id',
    async (method, path, body) => {
      const customer = await insertCustomer(app, { phone: freshPhone() });
      const before = await app.database.db.select().from(users).where(eq(users.id, customer.id));
      const foreign = await staffCall(
        method,
        path.replace(':id', String(customer.id)),
        adminToken,
        body,
      );
      const missing = await staffCall(method, path.replace(':id', '2000000000'), adminToken, body);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(await app.database.db.select().from(users).where(eq(users.id, customer.id))).toEqual(
        before,
      );
    },
  );
});

describe('a temporary password', () => {
  it('must be changed at the first sign-in: until then only the change and logout are served', async () => {
    const account = await createStaff({ roles: ['support'] });
    const first = await signIn(account.phone, account.password);
    expect(first.must_change_password).toBe(true);

    const refused = await gated(first.apiToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ შეცვალოთ დროებითი პაროლი: სანამ არ შეცვლით, სხვა მოქმედება შეუძლებელია',
      password_change_required: true,
    });
    expect(logs.events('access_denied')).toContainEqual(
      expect.objectContaining({ userId: account.id, reason: 'password_change_required' }),
    );
    const other = await signIn(account.phone, account.password);
    expect(
      (await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(other.apiToken) }))
        .statusCode,
    ).toBe(200);

    const same = await changePassword(first.apiToken, account.password);
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ password: ['ახალი პაროლი დროებითს არ უნდა ემთხვეოდეს'] });

    expect((await changePassword(first.apiToken, 'ჩემი ახალი პაროლი')).statusCode).toBe(200);
    const after = await signIn(account.phone, 'ჩემი ახალი პაროლი');
    expect(after.must_change_password).toBe(false);
    expect((await gated(after.apiToken)).statusCode).toBe(200);
  });

  it('writes no access-log row for a read the gate refuses', async () => {
    const account = await createStaff({ roles: ['support'] });
    const { apiToken } = await signIn(account.phone, account.password);
    const rows = () =>
      app.database.db.select().from(accessLog).where(eq(accessLog.actorUserId, account.id));
    expect((await gated(apiToken)).statusCode).toBe(403);
    expect((await staffCall('GET', '/api/checking/users?search=ნინო', apiToken)).statusCode).toBe(
      403,
    );
    expect(await rows()).toEqual([]);
  });
});
