import { addDaysToIsoDate, daysBetween, parseIsoDate, type LoanAccount } from '@sesxi/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { textsTo } from '../support/accounts.ts';
import { activeLoanOnMain, nbsp } from '../support/contract.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { apiHeaders, waitForPath } from '../support/onboarding.ts';
import { customerEnding } from '../support/support.ts';

/** An amount as the screens write it, e.g. `1 234,56 ₾`. */
const lari = /^\d[\d\u00a0]*,\d\d\u00a0₾$/;

/** The lari of an amount as the screens write it: `1 234,56 ₾` → 1234.56. */
const lariOf = (text: string | null) =>
  Number((text ?? '').replace(/[\s\u00a0₾]/g, '').replace(',', '.'));

/** The value beside a term of a description list in `within`. */
const termValue = (within: Locator | Page, term: string) =>
  within.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd').first();

/** The sandbox's biller key (sandbox.md): a terminal network calling the billing API. */
const biller = { Authorization: 'Bearer sandbox-biller-key' };

/** Moves the sandbox's business date to `date`; answers once close of day has run for each day. */
async function letTimePassTo(page: Page, date: string) {
  const moved = await page.request.post('/api/dev/clock', { data: { date } });
  expect(await moved.json()).toEqual({ status: 'success', date });
}

/**
 * Waits for a text to `phone` that `matches`, among those the outbox got after its first
 * `before` (the outbox lists the newest first).
 */
async function textTo(page: Page, phone: string, matches: RegExp, before = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const texts = await textsTo(page, phone);
      found = texts.slice(0, texts.length - before).find((text) => matches.test(text));
      return found;
    })
    .toBeDefined();
  return found ?? '';
}

/** On the gateway's sandbox page, approves the payment and comes back to the loan's page. */
async function approveCardPayment(page: Page, loanId: number) {
  await page.waitForURL(/\/dev-pay\//);
  await page.getByRole('button', { name: 'გადახდის დადასტურება' }).click();
  await waitForPath(page, `/loans/${String(loanId)}`);
}

describe('a loan being repaid', () => {
  test(
    'a customer with a loan paid out sees the next payment on /main, opens the loan at 360 px, reads its schedule, takes a payoff quote and pays the instalment by card; time passes to an overdue instalment, paid at a terminal, then the payoff by card: repaid, with a closure letter',
    {
      timeout: 420_000,
    },
    async ({ page }) => {
      const customer = customerEnding('00');
      const id = await activeLoanOnMain(page, customer);

      const panel = page.getByRole('region', {
        name: `განაცხადი №${String(id)}: 2000,00${nbsp}₾, 12 თვე`,
      });
      const next = panel.getByText('შემდეგი გადახდა:', { exact: false });
      await next.waitFor();
      expect(await next.textContent()).toMatch(/^შემდეგი გადახდა: [\d\s]+,\d\d\s₾, \d{4}-\d\d-20$/);
      expect(await panel.getByText('ვადაგადაცილება', { exact: false }).count()).toBe(0);
      await expectNoAxeViolations(page);

      await panel.getByRole('link', { name: 'გადახდა' }).click();
      await waitForPath(page, `/loans/${String(id)}`);
      await page.getByRole('heading', { level: 1, name: `სესხი № ${String(id)}` }).waitFor();
      await page.getByText('სტატუსი: აქტიური').waitFor();
      const balance = page
        .locator('dt', { hasText: 'დარჩენილი ძირი' })
        .locator('xpath=following-sibling::dd');
      expect(await balance.textContent()).toBe(`2000,00${nbsp}₾`);

      // On a phone the schedule is a list of cards, one an instalment, and nothing scrolls sideways.
      const schedule = page.getByRole('list', { name: 'დაფარვის გრაფიკი და გადახდების სტატუსი' });
      expect(await schedule.getByRole('listitem').count()).toBe(12);
      const first = schedule.getByRole('listitem').first();
      await first.getByText('გადასახდელი', { exact: true }).waitFor();
      await schedule.getByRole('listitem').last().getByText('მომავალი', { exact: true }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(360);

      // The card form starts from the next payment.
      const card = page.getByRole('region', { name: 'ბარათით გადახდა' });
      expect(await card.getByLabel('თანხა').inputValue()).toMatch(/^[\d ]+,\d\d$/);
      await expectNoAxeViolations(page);

      // A payoff quote for the day the date field starts with (the customer's today).
      const payoff = page.getByRole('region', { name: 'სესხის წინსწრებით სრულად დაფარვა' });
      await payoff.getByRole('button', { name: 'თანხის გაანგარიშება' }).click();
      const total = payoff
        .locator('dt', { hasText: 'სულ დასაფარი' })
        .locator('xpath=following-sibling::dd');
      await total.waitFor();
      expect(await total.textContent()).toMatch(lari);
      const principal = payoff
        .locator('dt', { hasText: 'ძირი' })
        .locator('xpath=following-sibling::dd');
      expect(await principal.textContent()).toBe(`2000,00${nbsp}₾`);
      await expectNoAxeViolations(page);

      // The instalment by card: the gateway's page (the sandbox's), then back on the loan, where
      // the payment is among the transactions and the first instalment is paid.
      const instalment = await card.getByLabel('თანხა').inputValue();
      await card.getByRole('button', { name: 'ბარათით გადახდა' }).click();
      await approveCardPayment(page, id);
      const transactions = page.getByRole('list', { name: 'ოპერაციები' });
      const payment = transactions.getByRole('listitem').filter({ hasText: 'გადახდა' }).first();
      await payment.waitFor();
      expect(await payment.textContent()).toContain(`${instalment}${nbsp}₾`);
      await schedule
        .getByRole('listitem')
        .first()
        .getByText('გადახდილი', { exact: true })
        .waitFor();
      await expectNoAxeViolations(page);

      // Paying without a card: at a terminal by personal number, or by transfer to the lender's
      // account (the sandbox's) with the personal number as the purpose.
      const terminal = page.getByRole('region', { name: 'გადახდა ტერმინალით ან გადარიცხვით' });
      expect(await termValue(terminal, 'ანგარიშის ნომერი (IBAN)').textContent()).toBe(
        'GE59BG0000000123456789',
      );
      expect(await termValue(terminal, 'გადახდის დანიშნულება').textContent()).toBe(
        customer.personalNumber,
      );

      // Time passes: three days before the second instalment's due date its reminder is texted,
      // and on the day after it the instalment is 1 day overdue.
      const accountAnswer = await page.request.get(`/api/loans/${String(id)}/account`, {
        headers: await apiHeaders(page),
      });
      const { account } = (await accountAnswer.json()) as { account: LoanAccount };
      const second = account.schedule[1];
      if (!second) throw new Error('the loan has no second instalment');
      expect(second.state).toBe('due');
      await letTimePassTo(page, addDaysToIsoDate(second.date, -3));
      const reminder = await textTo(page, customer.phone, /შენატანის გადახდის ვადაა/);
      expect(reminder).toContain(second.date);
      const overdueDay = addDaysToIsoDate(second.date, 1);
      const textsBefore = (await textsTo(page, customer.phone)).length;
      await letTimePassTo(page, overdueDay);
      const overdueText = await textTo(
        page,
        customer.phone,
        /ვადაგადაცილებულია 1 დღით/,
        textsBefore,
      );
      expect(overdueText).toMatch(/გადასახდელია [\d\s]+,\d\d\s₾/);

      // A day's penalty is charged when the day closes: the next day the page says it in red,
      // the days, what is due, the penalty within the caps.
      const penaltyDay = addDaysToIsoDate(overdueDay, 1);
      await letTimePassTo(page, penaltyDay);
      await page.reload();
      const headline = page.getByText(/^ვადაგადაცილება: 2 დღე, გადასახდელი/);
      await headline.waitFor();
      expect(await headline.getAttribute('style')).toContain('var(--mantine-color-red-9)');
      const outstanding = lariOf(await balance.textContent());
      const penalty = lariOf(await termValue(page, 'პირგასამტეხლო').textContent());
      const capLeft = lariOf(
        await termValue(page, 'ვადაგადაცილების ხარჯების ზღვრამდე დარჩენილი').textContent(),
      );
      // The first instalment, paid by card before its due date, stays settled (decision 023):
      // only the second is late, so at most 0.27% of the principal (2 000 ₾ at most) for each
      // day closed overdue, and all late costs at most 1.5 times the principal outstanding.
      const lateDays = daysBetween(parseIsoDate(overdueDay), parseIsoDate(penaltyDay));
      expect(penalty).toBeGreaterThan(0);
      expect(penalty).toBeLessThanOrEqual(2000 * 0.0027 * lateDays);
      expect(penalty + capLeft).toBeLessThanOrEqual(outstanding * 1.5 + 0.01);
      await schedule.getByRole('listitem').nth(1).getByText('ვადაგადაცილებული').waitFor();
      await schedule
        .getByRole('listitem')
        .first()
        .getByText('გადახდილი', { exact: true })
        .waitFor();
      await expectNoAxeViolations(page);

      // A terminal asks what is due by the personal number, and pays it.
      const debtAnswer = await page.request.post('/api/billing/debt', {
        headers: biller,
        data: { personal_number: customer.personalNumber },
      });
      const { debt } = (await debtAnswer.json()) as { debt: { amount_due: number } };
      expect(debt.amount_due).toBeGreaterThan(penalty);
      const transactionId = `TERMINAL-${String(id)}`;
      const paid = await page.request.post('/api/billing/payments', {
        headers: biller,
        data: {
          transaction_id: transactionId,
          personal_number: customer.personalNumber,
          amount: debt.amount_due,
        },
      });
      expect(paid.status()).toBe(200);
      await page.reload();
      await transactions
        .getByRole('listitem')
        .filter({ hasText: `sandbox:${transactionId}` })
        .waitFor();
      expect(await page.getByText(/^ვადაგადაცილება:/).count()).toBe(0);
      await schedule.getByRole('listitem').nth(1).getByText('გადახდილი', { exact: true }).waitFor();

      // The payoff quote for the business date, paid by card as a prepayment: the loan is repaid.
      const dateField = payoff.getByLabel('დაფარვის თარიღი');
      await dateField.fill(penaltyDay);
      await payoff.getByRole('button', { name: 'თანხის გაანგარიშება' }).click();
      await payoff.getByText(`სულ დასაფარი ${penaltyDay}`).waitFor();
      const payoffTotal = await termValue(payoff, 'სულ დასაფარი').textContent();
      expect(payoffTotal).toMatch(lari);
      await expectNoAxeViolations(page);
      await card.getByRole('radio', { name: /წინსწრებით დაფარვა/ }).check();
      await card.getByLabel('თანხა').fill((payoffTotal ?? '').replace(/[\s\u00a0₾]/g, ''));
      await card.getByRole('button', { name: 'ბარათით გადახდა' }).click();
      await approveCardPayment(page, id);
      await page.getByText('სტატუსი: სრულად დაფარული').waitFor();
      expect(await balance.textContent()).toBe(`0,00${nbsp}₾`);
      expect(await page.getByRole('region', { name: 'ბარათით გადახდა' }).count()).toBe(0);
      await textTo(page, customer.phone, /სრულად დაიფარა/);
      await expectNoAxeViolations(page);

      // The closure letter is among the customer's documents.
      await page.getByRole('link', { name: /ჩემი დოკუმენტები/ }).click();
      await waitForPath(page, '/documents');
      await page
        .getByRole('list', { name: 'ჩემი დოკუმენტები' })
        .getByText(/^ცნობა სესხის დახურვის შესახებ №/)
        .waitFor();
      await expectNoAxeViolations(page);
    },
  );
});
