import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import { decisionTestApp, fifteenThousand, seededPersonalNumber } from '#app/test/decisions.ts';
import { loanStatusOf, setLoanStatus } from '#app/test/loans.ts';
import { serviceAccount, setStaffPersonalNumber } from '#app/test/officers.ts';

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
  cancel,
  loansShow,
  decisionsOf,
} = decisionTestApp();

const messages = {
  awaiting: 'განაცხადი უკვე დამტკიცებულია და მეორე საკრედიტო ოფიცრის დადასტურებას ელოდება',
  own: 'საკუთარ განაცხადზე გადაწყვეტილებას ვერ მიიღებთ',
  noPersonalNumber:
    'თქვენს ანგარიშს პირადი ნომერი არ აქვს, ამიტომ გადაწყვეტილებას ვერ მიიღებთ. გთხოვთ, მიმართოთ ადმინისტრატორს',
  machineFirst:
    'სისტემურ ანგარიშს არ შეუძლია დაამტკიცოს თანხა, რომელსაც მეორე ოფიცრის დადასტურება სჭირდება',
  machineSecond:
    'დამტკიცებას მეორე ოფიცრის სახით მხოლოდ ადამიანი დაადასტურებს, არა სისტემური ანგარიში',
  cancelRefused:
    'საკრედიტო ოფიცერმა განაცხადი უკვე დაამტკიცა და ის მეორე ოფიცრის დადასტურებას ელოდება, ამიტომ მისი გაუქმება აღარ შეიძლება',
};

describe('an approval above the threshold', () => {
  it('is the only one until a second officer confirms it: another is refused, whoever sends it', async () => {
    const { token, id, first } = await inReview('11', fifteenThousand);
    const second = await officer('599000003');
    expect((await approve(first, id, { amount: 15000, months: 24 })).json()).toMatchObject({
      decision: { state: 'awaiting_second_officer', amount: 15000 },
    });
    for (const headers of [first, second]) {
      const again = await approve(headers, id, { amount: 10000, months: 24 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: messages.awaiting });
    }
    expect(await loanStatusOf(appOf(), id)).toBe('under_review');
    expect((await decisionsOf(id)).map((decision) => decision.kind)).toEqual(['approval']);
    expect((await review(second, id)).json()).toMatchObject({
      decision: { state: 'awaiting_second_officer', amount: 15000 },
    });
    expect((await loansShow(token)).json()).toMatchObject({ loans: [{ decision: null }] });
  });

  it('starts above 10,000 ₾: 10,000 ₾ exactly is final at once, a tetri more waits', async () => {
    const at = await inReview('11', fifteenThousand);
    const over = await inReview('11', fifteenThousand);
    expect((await approve(at.first, at.id, { amount: 10000, months: 24 })).json()).toMatchObject({
      decision: { state: 'approved', amount: 10000 },
    });
    expect(await loanStatusOf(appOf(), at.id)).toBe('approved');
    const waiting = await approve(over.first, over.id, { amount: '10000,01', months: 24 });
    expect(waiting.json()).toMatchObject({
      decision: { state: 'awaiting_second_officer', amount: 10000.01 },
    });
    expect(await loanStatusOf(appOf(), over.id)).toBe('under_review');
  });
});

describe('the queue’s four-eyes filter', () => {
  it('lists exactly the approvals awaiting a second officer, flagged', async () => {
    const waiting = await awaitingSecondOfficer();
    const plain = await inReview('11', fifteenThousand);
    const submitted = await submittedApplication('11', fifteenThousand);
    const queue = async (query: string) =>
      (await call(waiting.first, 'GET', `/api/applications?per_page=100${query}`)).json<{
        data: { id: number; awaiting_second_officer: boolean }[];
      }>().data;

    const filtered = await queue('&status=awaiting_second_officer');
    expect(filtered.map((row) => row.id)).toContain(waiting.id);
    expect(filtered.every((row) => row.awaiting_second_officer)).toBe(true);
    expect(filtered.map((row) => row.id)).not.toContain(plain.id);
    const all = await queue('');
    expect(
      [waiting.id, plain.id, submitted.id].map(
        (id) => all.find((row) => row.id === id)?.awaiting_second_officer,
      ),
    ).toEqual([true, false, false]);

    await confirm(await officer('599000003'), waiting.id);
    expect((await queue('&status=awaiting_second_officer')).map((row) => row.id)).not.toContain(
      waiting.id,
    );
  });
});

describe('a service account (a lender’s system)', () => {
  it('is never the second officer, and by default not the first', async () => {
    const machine = await serviceAccount(appOf(), '598777001');
    const { id } = await awaitingSecondOfficer();
    const confirmed = await confirm(machine, id);
    expect(confirmed.statusCode).toBe(403);
    expect(confirmed.json()).toMatchObject({ message: messages.machineSecond });
    expect(await loanStatusOf(appOf(), id)).toBe('under_review');

    const other = await submittedApplication('11', fifteenThousand);
    expect((await take(machine, other.id)).statusCode).toBe(200);
    const proposed = await approve(machine, other.id, { amount: 12000, months: 24 });
    expect(proposed.statusCode).toBe(403);
    expect(proposed.json()).toMatchObject({ message: messages.machineFirst });
    expect(await decisionsOf(other.id)).toEqual([]);
    // Up to the threshold one decider is all the rules ask for, a system's too.
    expect((await approve(machine, other.id, { amount: 9000, months: 24 })).json()).toMatchObject({
      decision: { state: 'approved' },
    });
  });

  it('may be the first when MACHINE_FIRST_OFFICER=allow, a person confirming', async () => {
    const machine = await serviceAccount(appOf(), '598777002');
    const { id } = await submittedApplication('11', fifteenThousand);
    appOf().config.machineFirstOfficer = true;
    try {
      await take(machine, id);
      expect((await approve(machine, id, { amount: 12000, months: 24 })).json()).toMatchObject({
        decision: { state: 'awaiting_second_officer' },
      });
      expect((await confirm(machine, id)).statusCode).toBe(403);
      expect((await confirm(await officer('599000003'), id)).json()).toMatchObject({
        decision: { state: 'approved', amount: 12000 },
      });
    } finally {
      appOf().config.machineFirstOfficer = false;
    }
  });
});

describe('nobody decides their own application', () => {
  it('refuses an account that is both the applicant and an officer, at every step', async () => {
    const { user, token, id } = await submittedApplication('11', {
      ...fifteenThousand,
      amount: '9000',
    });
    await appOf()
      .database.db.update(users)
      .set({ roles: ['credit_officer'] })
      .where(eq(users.id, user.id));
    const self = bearer(token);
    const taken = await take(self, id);
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toMatchObject({ message: messages.own });
    expect((await review(self, id)).json()).toMatchObject({ viewer_refusal: messages.own });

    await take(await officer('599000002'), id);
    for (const attempt of [
      approve(self, id, { amount: 9000, months: 24 }),
      reject(self, id, { reason_codes: ['income_too_low'] }),
      confirm(self, id),
    ]) {
      const refused = await attempt;
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: messages.own });
    }
    expect(await loanStatusOf(appOf(), id)).toBe('under_review');
    expect(await decisionsOf(id)).toEqual([]);
  });

  it('refuses an officer whose personal number is the applicant’s, as second officer too', async () => {
    const { user, id } = await awaitingSecondOfficer();
    // The personal number single sign-on vouched for at submission is the officer's own.
    const identified = user.identityNumber ?? '';
    await appOf()
      .database.db.update(users)
      .set({ identityNumber: `05${user.phone}` })
      .where(eq(users.id, user.id));
    await setStaffPersonalNumber(appOf(), '599000003', identified);
    try {
      const second = await officer('599000003');
      const refused = await confirm(second, id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: messages.own });
      expect((await review(second, id)).json()).toMatchObject({ viewer_refusal: messages.own });
      expect(await loanStatusOf(appOf(), id)).toBe('under_review');
    } finally {
      await setStaffPersonalNumber(appOf(), '599000003', seededPersonalNumber('599000003'));
    }
  });

  it('refuses a person whose account has no personal number, saying why', async () => {
    const { id } = await submittedApplication();
    await setStaffPersonalNumber(appOf(), '599000003', null);
    try {
      const unnumbered = await officer('599000003');
      const refused = await take(unnumbered, id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: messages.noPersonalNumber });
      expect((await review(unnumbered, id)).json()).toMatchObject({
        viewer_refusal: messages.noPersonalNumber,
      });
    } finally {
      await setStaffPersonalNumber(appOf(), '599000003', seededPersonalNumber('599000003'));
    }
    expect((await review(await officer('599000003'), id)).json()).toMatchObject({
      viewer_refusal: null,
    });
  });
});

describe('the customer’s cancel once an officer has approved', () => {
  it('is refused while the approval awaits the second officer; every view keeps saying so', async () => {
    const { token, id, first } = await awaitingSecondOfficer();
    const refused = await cancel(token, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: messages.cancelRefused });
    expect((await review(first, id)).json()).toMatchObject({
      application: { status: { code: 'under_review' } },
      decision: { state: 'awaiting_second_officer' },
    });
    expect((await loansShow(token)).json()).toMatchObject({
      loans: [{ loan_status: { code: 'under_review' }, decision: null }],
    });
    expect((await confirm(await officer('599000003'), id)).statusCode).toBe(200);
  });

  it('never shows an approval awaiting the second officer on an application cancelled before', async () => {
    const { id, first } = await awaitingSecondOfficer();
    // As a cancel let through before the rule left it.
    await setLoanStatus(appOf(), id, 'cancelled');
    expect((await review(first, id)).json()).toMatchObject({
      application: { status: { code: 'cancelled' } },
      decision: null,
      viewer_is_approver: false,
    });
  });
});
