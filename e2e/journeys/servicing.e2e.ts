import { describe, expect } from 'vitest';
import { activeLoanOnMain, nbsp } from '../support/contract.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { waitForPath } from '../support/onboarding.ts';
import { customerEnding } from '../support/support.ts';

/** An amount as the screens write it, e.g. `1 234,56 ₾`. */
const lari = /^\d[\d\u00a0]*,\d\d\u00a0₾$/;

describe('a loan being repaid', () => {
  test('a customer with a loan paid out sees the next payment on /main, opens the loan at 360 px, reads its schedule, takes a payoff quote and pays the instalment by card', async ({
    page,
  }) => {
    const id = await activeLoanOnMain(page, customerEnding('00'));

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
    await page.waitForURL(/\/dev-pay\//);
    await page.getByRole('button', { name: 'გადახდის დადასტურება' }).click();
    await waitForPath(page, `/loans/${String(id)}`);
    const transactions = page.getByRole('list', { name: 'ოპერაციები' });
    const payment = transactions.getByRole('listitem').filter({ hasText: 'გადახდა' }).first();
    await payment.waitFor();
    expect(await payment.textContent()).toContain(`${instalment}${nbsp}₾`);
    await schedule.getByRole('listitem').first().getByText('გადახდილი', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });
});
