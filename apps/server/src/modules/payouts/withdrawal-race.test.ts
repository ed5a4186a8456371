import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplications, payouts, sandboxPayouts } from '#app/db/schema.ts';
import type { HttpError } from '#app/errors.ts';
import { decisionCalls } from '#app/test/decisions.ts';
import { loanStatusOf, loanTestApp } from '#app/test/loans.ts';
import { onPostgres, raceAt } from '#app/test/race.ts';
import { requestPayoutAsSigning, signedLoan } from '#app/test/signed-loans.ts';
import { testClock } from '#app/test/test-clock.ts';
import { createPayoutRepository } from './repository.ts';
import { settlePayoutForWithdrawal } from './settle.ts';

const clock = testClock();
let app: FastifyInstance;
let close: () => Promise<void>;
const calls = decisionCalls(() => app);

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

/**
 * A withdrawal as signing makes it: under the application's lock, the payout settled, and when
 * nothing was paid the application withdrawn. Answers the settlement, or the refusal's key.
 */
function withdraw(loanId: number) {
  return app.database.db
    .transaction(async (tx) => {
      await createPayoutRepository(tx).lockApplication(loanId);
      const settled = await settlePayoutForWithdrawal(tx, loanId, clock.now());
      if (settled.outcome === 'not_paid') {
        await tx
          .update(loanApplications)
          .set({ status: 'withdrawn' })
          .where(eq(loanApplications.id, loanId));
      }
      return settled.outcome;
    })
    .catch((error: unknown) => (error as HttpError).messageKey);
}

/** What each party's reading the payout first leads to: one wins, the other finds it settled. */
const outcomes = {
  withdrawal: { withdrawal: 'not_paid', payout: 'cancelled', bankAsked: false, loan: 'withdrawn' },
  job: { withdrawal: 'payout.inProgress', payout: 'paid', bankAsked: true, loan: 'active' },
};

describe('a withdrawal and the payout job at once', () => {
  it.each(['withdrawal', 'job'] as const)(
    'cannot both win when the %s reads the payout first: it is either cancelled and never sent, or sent and the withdrawal refused',
    async (first) => {
      const { id, documentId } = await signedLoan(app, calls);
      await requestPayoutAsSigning(
        app,
        { loanId: id, signedDocumentId: documentId },
        { sendNow: false },
      );
      // Each party reads the payout's state to act on it: held there, the other must wait for
      // the application's lock, or it would read the same state and both would act on it.
      const race = raceAt(app, /from "payouts" where/);
      const parties = { withdrawal: () => withdraw(id), job: () => app.jobs.runDue() };
      const firstParty = parties[first]();
      await race.arrived;
      const secondParty = parties[first === 'job' ? 'withdrawal' : 'job']();
      const [withdrawal] = await Promise.all(
        first === 'job' ? [secondParty, firstParty] : [firstParty, secondParty],
      );
      await race.finish();

      const [payout] = await app.database.db.select().from(payouts).where(eq(payouts.loanId, id));
      const [asked] = await app.database.db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.idempotencyKey, payout?.idempotencyKey ?? ''));
      // On PGlite the parties run one after the other, in no set order.
      expect(onPostgres ? [outcomes[first]] : Object.values(outcomes)).toContainEqual({
        withdrawal,
        payout: payout?.state,
        bankAsked: asked !== undefined,
        loan: await loanStatusOf(app, id),
      });
    },
  );
});
