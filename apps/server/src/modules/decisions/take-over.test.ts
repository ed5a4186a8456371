import { describe, expect, it } from 'vitest';
import { decisionTestApp } from '#app/test/decisions.ts';
import { loanStatusOf } from '#app/test/loans.ts';

const {
  appOf,
  call,
  officer,
  submittedApplication,
  inReview,
  awaitingSecondOfficer,
  take,
  approve,
  confirm,
  reject,
  review,
  decisionsOf,
} = decisionTestApp();

const held =
  'განაცხადს სხვა საკრედიტო ოფიცერი განიხილავს. გადაწყვეტილების მისაღებად, გთხოვთ, ჯერ გადაიბაროთ განაცხადი';

const takeOver = (headers: Record<string, string>, id: number) =>
  call(headers, 'POST', `/api/applications/${id}/review`, { take_over: true });

describe('the officer holding an application decides it', () => {
  it('answers 409 to a colleague’s approval or rejection until they take it over', async () => {
    const { id, first } = await inReview();
    const second = await officer('599000003');

    for (const answer of [
      await approve(second, id, { amount: 1000, months: 12 }),
      await reject(second, id, { reason_codes: ['income_too_low'] }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ status: 'error', message: held });
    }
    expect(await decisionsOf(id)).toEqual([]);
    expect((await review(second, id)).json()).toMatchObject({ held_by_colleague: true });
    expect((await review(first, id)).json()).toMatchObject({ held_by_colleague: false });
    // Taking it again without saying "take over" stays a conflict, as before.
    expect((await take(second, id)).statusCode).toBe(409);

    expect((await takeOver(second, id)).statusCode).toBe(200);
    const { application, history } = (await review(second, id)).json<{
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
    expect((await approve(first, id, { amount: 1000, months: 12 })).statusCode).toBe(409);
    expect((await approve(second, id, { amount: 1000, months: 12 })).json()).toMatchObject({
      decision: { state: 'approved' },
    });
    expect(await loanStatusOf(appOf(), id)).toBe('approved');
  });

  it('takes a submitted application with take_over as a plain take, and refuses a decided one', async () => {
    const { id } = await submittedApplication();
    const first = await officer('599000002');
    expect((await takeOver(first, id)).statusCode).toBe(200);
    expect(await loanStatusOf(appOf(), id)).toBe('under_review');
    expect((await takeOver(first, id)).statusCode).toBe(200);
    await reject(first, id, { reason_codes: ['income_too_low'] });
    expect((await takeOver(await officer('599000003'), id)).statusCode).toBe(409);
  });

  it('lets any second officer confirm a waiting approval, only the one who took it over once taken', async () => {
    const { id, first } = await awaitingSecondOfficer();
    const second = await officer('599000003');
    expect((await takeOver(second, id)).statusCode).toBe(200);
    // The first officer no longer holds it: their rejection is refused.
    const refused = await reject(first, id, { reason_codes: ['income_too_low'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: held });
    expect((await confirm(second, id)).json()).toMatchObject({ decision: { state: 'approved' } });
  });

  it('lets any second officer reject a waiting approval its first officer still holds, as the review offers', async () => {
    const { id } = await awaitingSecondOfficer();
    const second = await officer('599000003');
    expect((await review(second, id)).json()).toMatchObject({ held_by_colleague: false });
    const rejected = await reject(second, id, { reason_codes: ['income_too_low'] });
    expect(rejected.json()).toMatchObject({ decision: { state: 'rejected' } });
    expect(await loanStatusOf(appOf(), id)).toBe('rejected');
  });
});
