import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '#app/db/schema.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import { bearer } from './accounts.ts';

/**
 * Gives the staff account of `phone` the personal number it signs in with (as its creation or
 * single sign-on sets it), straight into the table; null takes it away.
 */
export async function setStaffPersonalNumber(
  app: FastifyInstance,
  phone: string,
  identityNumber: string | null,
): Promise<void> {
  await app.database.db.update(users).set({ identityNumber }).where(eq(users.phone, phone));
}

/**
 * A service account (a lender's system, role `credit_officer`, no personal number) straight
 * into the table, with its long-lived token; answers the bearer headers.
 */
export async function serviceAccount(
  app: FastifyInstance,
  phone: string,
): Promise<Record<string, string>> {
  const [account] = await app.database.db
    .insert(users)
    .values({
      name: 'ბირთვი',
      surname: 'სისტემა',
      phone,
      passwordHash: 'x',
      roles: ['credit_officer'],
      isMachine: true,
    })
    .returning({ id: users.id });
  if (!account) throw new Error('the service account was not stored');
  const sessions = createSessionService(createSessionRepository(app.database.db), app.clock);
  return bearer(await sessions.startLongLived(account.id));
}
