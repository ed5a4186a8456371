import type { SessionUser } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#app/db/database.ts';
import type { VerifiedIdentity } from '#app/integrations/sso/identity-provider.ts';
import { createSsoRepository, type SsoContext } from '#app/modules/sso/index.ts';
import { sandboxSupportAccount } from '#app/sandbox/staff-accounts.ts';
import { newToken, tokenHash } from '#app/security/tokens.ts';
import { confirmPhone } from './phone-codes.ts';

export const giorgi: VerifiedIdentity = {
  givenName: 'გიორგი',
  familyName: 'ბერიძე',
  personalNumber: '01001000011',
};

/** The token of a sign-in waiting for the provider, straight into the table. */
export async function pendingSsoToken(
  db: Database,
  now: Date,
  context: SsoContext = 'registration',
): Promise<string> {
  const token = newToken();
  await createSsoRepository(db).insert({
    tokenHash: tokenHash(token),
    context,
    loanId: null,
    userId: null,
    state: 'state',
    nonce: 'nonce',
    codeVerifier: 'verifier',
    now,
    expiresAt: new Date(now.getTime() + 15 * 60_000),
  });
  return token;
}

/**
 * The token of a completed single sign-on, straight into the table: tests of what follows the
 * sign-in skip the provider round trip (sso.test.ts drives the real one).
 */
export async function completedSsoToken(
  app: FastifyInstance,
  identity: VerifiedIdentity = giorgi,
  context: SsoContext = 'registration',
): Promise<string> {
  const now = app.clock.now();
  const token = await pendingSsoToken(app.database.db, now, context);
  const repository = createSsoRepository(app.database.db);
  const pending = await repository.findPending(tokenHash(token), now);
  if (!pending) throw new Error('the SSO transaction was not stored');
  await repository.complete(pending.id, identity, {
    now,
    usableUntil: new Date(now.getTime() + 30 * 60_000),
  });
  return token;
}

export interface RegistrationFields {
  phone: string;
  password?: string;
  sso_token: string;
}

export function postRegistration(
  app: FastifyInstance,
  { phone, password = 'ჩემი საიდუმლო პაროლი', sso_token }: RegistrationFields,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'user-agent': 'vitest-browser/1.0' },
    payload: {
      sso_token,
      document_type_id: 1,
      document_number: '13ab45678',
      phone,
      password,
      password_confirmation: password,
      privacy_policy: true,
      ...extra,
    },
  });
}

/** A customer registered through the API as the register screen does; answers the user record. */
export async function registerCustomer(
  app: FastifyInstance,
  { phone, identity, password }: { phone: string; identity: VerifiedIdentity; password?: string },
): Promise<SessionUser> {
  await confirmPhone(app, phone);
  const sso_token = await completedSsoToken(app, identity);
  const response = await postRegistration(app, { phone, password, sso_token });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  return response.json<{ user: SessionUser }>().user;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The bearer token of one of the sandbox's staff accounts, signed in as the login screen does. */
export async function sandboxStaffToken(
  app: FastifyInstance,
  account: { phone: string; password: string },
): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone: account.phone, password: account.password },
  });
  if (login.statusCode !== 200) throw new Error(`the staff login failed: ${login.body}`);
  return login.json<{ user: SessionUser }>().user.apiToken;
}

/** The bearer token of the sandbox's support account. */
export function sandboxSupportToken(app: FastifyInstance): Promise<string> {
  return sandboxStaffToken(app, sandboxSupportAccount);
}
