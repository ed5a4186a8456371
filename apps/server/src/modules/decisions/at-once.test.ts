import { describe, expect, it } from 'vitest';
import { decisionTestApp, fifteenThousand } from '#app/test/decisions.ts';
import { loanStatusOf } from '#app/test/loans.ts';
import { raceAt } from '#app/test/race.ts';

const calls = decisionTestApp();

/**
 * The statement that locks an application's row before an officer decides (it reads the
 * applicant's personal numbers with it); matched with or without its FOR UPDATE, so that a
 * test still races when the lock is taken away.
 */
const decisionLock =
  /"identified_personal_number" from "loan_applications" inner join "users" .* where "loan_applications"\."id" = \$1/;

const sortedCodes = (answers: { statusCode: number }[]) =>
  answers.map((answer) => answer.statusCode).sort();

describe('officers acting at once', () => {
  it('two above-threshold approvals: one awaits the second officer, the other gets 409', async () => {
    const { id, first } = await calls.inReview('11', fifteenThousand);
    const second = await calls.officer('599000003');
    const race = raceAt(calls.appOf(), decisionLock);
    const answers = await Promise.all([
      calls.approve(first, id, { amount: 15000, months: 24 }),
      calls.approve(second, id, { amount: 14000, months: 24 }),
    ]);
    await race.finish();
    expect(sortedCodes(answers)).toEqual([200, 409]);
    expect((await calls.decisionsOf(id)).map((decision) => decision.kind)).toEqual(['approval']);
  });

  it('an approval and a rejection: one wins, the other gets 409', async () => {
    const { id, first } = await calls.inReview();
    const second = await calls.officer('599000003');
    const race = raceAt(calls.appOf(), decisionLock);
    const answers = await Promise.all([
      calls.approve(first, id, { amount: 1000, months: 12 }),
      calls.reject(second, id, { reason_codes: ['income_too_low'] }),
    ]);
    await race.finish();
    expect(sortedCodes(answers)).toEqual([200, 409]);
    expect(await calls.decisionsOf(id)).toHaveLength(1);
  });

  it('two officers taking one application: one has it, the other gets 409', async () => {
    const { id } = await calls.submittedApplication();
    const [first, second] = [await calls.officer('599000002'), await calls.officer('599000003')];
    const race = raceAt(calls.appOf(), decisionLock);
    const answers = await Promise.all([calls.take(first, id), calls.take(second, id)]);
    await race.finish();
    expect(sortedCodes(answers)).toEqual([200, 409]);
  });
});

describe('the customer cancelling while an officer approves', () => {
  it('refuses the cancel once the approval is in; status and views agree either way', async () => {
    const { token, id, first } = await calls.inReview('11', fifteenThousand);
    // On PostgreSQL the approval locks the row first and the cancel waits for it.
    const race = raceAt(calls.appOf(), decisionLock);
    const approving = calls.approve(first, id, { amount: 12000, months: 24 });
    await race.arrived;
    const [approved, cancelled] = await Promise.all([approving, calls.cancel(token, id)]);
    await race.finish();
    expect(sortedCodes([approved, cancelled])).toEqual([200, 409]);

    const status = await loanStatusOf(calls.appOf(), id);
    const seen = await calls.review(first, id);
    const shown = await calls.loansShow(token);
    const [listed] = shown.json<{ loans: { loan_status: object }[] }>().loans;
    if (approved.statusCode === 200) {
      expect(cancelled.json()).toMatchObject({
        message:
          'საკრედიტო ოფიცერმა განაცხადი უკვე დაამტკიცა და ის მეორე ოფიცრის დადასტურებას ელოდება, ამიტომ მისი გაუქმება აღარ შეიძლება',
      });
      expect(status).toBe('under_review');
      expect(seen.json()).toMatchObject({ decision: { state: 'awaiting_second_officer' } });
    } else {
      expect(status).toBe('cancelled');
      expect(seen.json()).toMatchObject({ decision: null });
    }
    expect(seen.json()).toMatchObject({ application: { status: { code: status } } });
    expect(listed?.loan_status).toMatchObject({ code: status });
  });
});
