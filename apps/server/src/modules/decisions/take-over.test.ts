import { describe, expect, it } from 'vitest';
import { decisionTestApp } from '#app/test/decisions.ts';
import { loanStatusOf } from '#app/test/loans.ts';

const calls = decisionTestApp();

const held =
  'განაცხადს სხვა საკრედიტო ოფიცერი განიხილავს. გადაწყვეტილების მისაღებად, გთხოვთ, ჯერ გადაიბაროთ განაცხადი';

const takeOver = (headers: Record<string, string>, id: number) =>
  calls.call(headers, 'POST', `/api/applications/${id}/review`, { take_over: true });

describe('the officer holding an application decides it', () => {
  it('answers 409 to a colleague’s approval or rejection until they take it over', async () => {
    const { id, first } = await calls.inReview();
    const second = await calls.officer('599000003');

    for (const answer of [
      await calls.approve(second, id, { amount: 1000, months: 12 }),
      await calls.reject(second, id, { reason_codes: ['income_too_low'] }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ status: 'error', message: held });
    }
    expect(await calls.decisionsOf(id)).toEqual([]);
    expect((await calls.review(second, id)).json()).toMatchObject({ held_by_colleague: true });
    expect((await calls.review(first, id)).json()).toMatchObject({ held_by_colleague: false });
    // Taking it again without saying "take over" stays a conflict, as before.
    expect((await calls.take(second, id)).statusCode).toBe(409);

    expect((await takeOver(second, id)).statusCode).toBe(200);
    const { application, history } = (await calls.review(second, id)).json<{
      application: { assigned_officer: { id: number } };
      history: {
        from: string;
        to: string;
        reason: string;
        actor: { id: number };
        taken_over_from: { id: number } | null;
      }[];
    }>();
    const firstId = history.find((entry) => entry.reason === 'startReview')?.actor.id;
    const secondId = application.assigned_officer.id;
    const last = history.at(-1);
    expect(last).toMatchObject({
      from: 'under_review',
      to: 'under_review',
      reason: 'take_over',
      actor: { id: secondId },
      taken_over_from: { id: firstId },
    });
    expect(firstId).not.toBe(secondId);

    // Now the first officer is the colleague, and the second decides.
    expect((await calls.approve(first, id, { amount: 1000, months: 12 })).statusCode).toBe(409);
    expect((await calls.approve(second, id, { amount: 1000, months: 12 })).json()).toMatchObject({
      decision: { state: 'approved' },
    });
    expect(await loanStatusOf(calls.appOf(), id)).toBe('approved');
  });

  it('takes a submitted application with take_over as a plain take, and refuses a decided one', async () => {
    const { id } = await calls.submittedApplication();
    const first = await calls.officer('599000002');
    expect((await takeOver(first, id)).statusCode).toBe(200);
    expect(await loanStatusOf(calls.appOf(), id)).toBe('under_review');
    expect((await takeOver(first, id)).statusCode).toBe(200);
    await calls.reject(first, id, { reason_codes: ['income_too_low'] });
    expect((await takeOver(await calls.officer('599000003'), id)).statusCode).toBe(409);
  });

  it('lets any second officer confirm a waiting approval, only the one who took it over once taken', async () => {
    const { id, first } = await calls.awaitingSecondOfficer();
    const second = await calls.officer('599000003');
    expect((await takeOver(second, id)).statusCode).toBe(200);
    // The first officer no longer holds it: their rejection is refused.
    const refused = await calls.reject(first, id, { reason_codes: ['income_too_low'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: held });
    expect((await calls.confirm(second, id)).json()).toMatchObject({
      decision: { state: 'approved' },
    });
  });

  it('lets any second officer reject a waiting approval its first officer still holds, as the review offers', async () => {
    const { id } = await calls.awaitingSecondOfficer();
    const second = await calls.officer('599000003');
    expect((await calls.review(second, id)).json()).toMatchObject({ held_by_colleague: false });
    const rejected = await calls.reject(second, id, { reason_codes: ['income_too_low'] });
    expect(rejected.json()).toMatchObject({ decision: { state: 'rejected' } });
    expect(await loanStatusOf(calls.appOf(), id)).toBe('rejected');
  });
});
