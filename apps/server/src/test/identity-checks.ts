import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '#app/db/schema.ts';
import { bearer } from './accounts.ts';
import { startSession, type SignedInCustomer } from './onboarding.ts';
import { formActionOf } from './sandbox-browser.ts';
import { insertCustomer } from './users.ts';

/** Who a customer is: the identity from single sign-on and the document they entered. */
export interface CustomerIdentity {
  name: string;
  surname: string;
  personalNumber: string;
  documentNumber?: string;
  /** 1 is the ID card, 2 the passport (the seed's order). */
  documentTypeId?: number;
}

/**
 * A customer with this identity, straight into the table, signed in: the sandbox's outcomes
 * (…93, …94) are chosen by the personal number.
 */
export async function identifiedCustomer(
  app: FastifyInstance,
  phone: string,
  { name, surname, personalNumber, documentNumber, documentTypeId }: CustomerIdentity,
): Promise<SignedInCustomer> {
  const inserted = await insertCustomer(app, { phone });
  const [user] = await app.database.db
    .update(users)
    .set({ name, surname, identityNumber: personalNumber, documentNumber, documentTypeId })
    .where(eq(users.id, inserted.id))
    .returning();
  if (!user) throw new Error('the customer was not stored');
  return { user, token: await startSession(app, user.id) };
}

/** Starts a document check as the /main button does; answers the API's body. */
export async function startDocumentCheck(app: FastifyInstance, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identomat/session',
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`the check did not start: ${response.body}`);
  return response.json<{ session_token: string; url: string }>();
}

/**
 * The customer's part at the sandbox provider: opens the page the check sent them to and
 * submits its form. Answers the address the provider sends the browser back to.
 */
export async function finishAtSandbox(app: FastifyInstance, url: string): Promise<string> {
  const page = await app.inject({ url: new URL(url).pathname });
  const action = new URL(formActionOf(page.body, 'http://localhost')).pathname;
  const submitted = await app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (submitted.statusCode !== 303) throw new Error(`the sandbox page answered ${submitted.body}`);
  return String(submitted.headers.location);
}

export function documentCheckVerdict(
  app: FastifyInstance,
  token: string,
  sessionToken: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    url: `/api/identomat-user/${encodeURIComponent(sessionToken)}`,
    headers: { ...bearer(token), ...headers },
  });
}

/** A whole document check in the sandbox, from the /main button to the verdict. */
export async function completedDocumentCheck(app: FastifyInstance, token: string) {
  const { session_token, url } = await startDocumentCheck(app, token);
  await finishAtSandbox(app, url);
  return {
    sessionToken: session_token,
    verdict: await documentCheckVerdict(app, token, session_token),
  };
}
