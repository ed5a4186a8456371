import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { sandboxPayouts } from '#app/db/schema.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import type { PayoutBank } from './payout-bank.ts';

/** The first tries the bank is unreachable for, for a personal number ending in 98. */
const unreachableTries = 2;

/**
 * sandbox.md: a personal number ending in 97 has its account refused, in 98 finds the bank
 * unreachable for the first two tries of a payout and paid on the third; anyone else is paid
 * at once with a reference. Tries are counted per idempotency key in the database, so any
 * instance may retry, and a key paid once answers its first reference again.
 */
export function createSandboxPayoutBank(db: Database): PayoutBank {
  return {
    async pay({ idempotencyKey, personalNumber }) {
      const [payout] = await db
        .insert(sandboxPayouts)
        .values({ idempotencyKey, attempts: 1 })
        .onConflictDoUpdate({
          target: sandboxPayouts.idempotencyKey,
          set: { attempts: sql`${sandboxPayouts.attempts} + 1` },
        })
        .returning();
      if (!payout) throw new Error('the sandbox bank kept no payout');
      if (payout.bankReference) return { outcome: 'paid', bankReference: payout.bankReference };
      if (personalNumber.endsWith('97')) {
        return {
          outcome: 'refused',
          reason: 'ანგარიში დახურულია ან მიმღების სახელზე არ არის',
        };
      }
      if (personalNumber.endsWith('98') && payout.attempts <= unreachableTries) {
        throw new ServiceUnavailableError('payout_bank', {
          cause: new Error('sandbox: bank unreachable'),
        });
      }
      const [paid] = await db
        .update(sandboxPayouts)
        .set({ bankReference: `SBX${randomBytes(6).toString('hex').toUpperCase()}` })
        .where(
          and(
            eq(sandboxPayouts.idempotencyKey, idempotencyKey),
            isNull(sandboxPayouts.bankReference),
          ),
        )
        .returning({ bankReference: sandboxPayouts.bankReference });
      if (paid?.bankReference) return { outcome: 'paid', bankReference: paid.bankReference };
      // Another try of the same key paid it in the meantime: its reference is the answer.
      const [first] = await db
        .select({ bankReference: sandboxPayouts.bankReference })
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.idempotencyKey, idempotencyKey));
      if (!first?.bankReference) throw new Error('the sandbox bank lost a payout');
      return { outcome: 'paid', bankReference: first.bankReference };
    },
  };
}
