import { computeOffer, formatTimestamp, type LoanPricing } from '@sesxi/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import {
  applicationRows,
  confirmQuestionnaire,
  fillInLoanForm,
  giveCreditConsent,
  identifyWithSso,
  loanEntries,
  loanIdIn,
} from '../support/loans.ts';
import { apiHeaders, onboardThroughApi, waitForPath } from '../support/onboarding.ts';

/** Amounts under 10,000 as ka-GE writes them (no grouping), rates with a comma. */
const lari = (amount: number) => `${amount.toFixed(2).replace('.', ',')}\u00a0₾`;
const percent = (rate: number) => `${rate.toFixed(2).replace('.', ',')}%`;

/** The value the offer panel shows for one of its terms. */
function shown(panel: Locator, term: string): Promise<string | null> {
  return panel
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]')
    .first()
    .textContent();
}

/** The default product's pricing, as the server announces it to the form. */
async function defaultPricing(page: Page): Promise<LoanPricing> {
  const response = await page.request.get('/api/loans', { headers: await apiHeaders(page) });
  const { products } = (await response.json()) as {
    products: (LoanPricing & { is_default: boolean })[];
  };
  const product = products.find((candidate) => candidate.is_default);
  if (!product) throw new Error('no default loan product');
  return product;
}

describe('the loan offer on a phone', () => {
  test('follows the typing with compliant numbers, steers to an affordable term, and /main shows what was offered', async ({
    page,
  }) => {
    // The questionnaire of onboardThroughApi: 1,250.50 ₾ a month, no other debts → PTI limit 50%.
    const customer = await onboardThroughApi(page);
    const pricing = await defaultPricing(page);
    const today = formatTimestamp(new Date()).slice(0, 10);
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    const panel = page.getByRole('region', { name: 'სესხის გაანგარიშება' });

    await fillInLoanForm(page, { amount: '1000', months: '12' });
    const small = computeOffer(pricing, { amount: 1000, months: 12 }, today);
    await expect.poll(() => shown(panel, 'ყოველთვიური შენატანი')).toBe(lari(small.monthly_payment));
    expect(await shown(panel, 'ეფექტური წლიური საპროცენტო განაკვეთი')).toBe(
      percent(small.effective_rate),
    );
    expect(small.effective_rate).toBeLessThanOrEqual(50);
    await panel.getByText('ეს პირობები თქვენს შემოსავალს შეესაბამება', { exact: false }).waitFor();

    // Fifteen thousand over a year costs more than half of this income a month.
    await fillInLoanForm(page, { amount: '15 000' });
    const large = computeOffer(pricing, { amount: 15_000, months: 12 }, today);
    await expect.poll(() => shown(panel, 'ყოველთვიური შენატანი')).toBe(lari(large.monthly_payment));
    await panel.getByText('დასაშვები ზღვარი კი 50,00%-ია', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    const longer = panel.getByRole('button', { name: /^ვადის გაზრდა: / });
    const months = Number(/(\d+) თვე/.exec((await longer.textContent()) ?? '')?.[1]);
    expect(months).toBeGreaterThan(12);
    await longer.click();
    expect(await page.getByLabel('ვადა (თვე)').inputValue()).toBe(String(months));
    expect((await page.getByLabel('თანხა').inputValue()).replace(/\s/g, '')).toBe('15000');
    await panel.getByText('ეს პირობები თქვენს შემოსავალს შეესაბამება', { exact: false }).waitFor();
    const affordable = computeOffer(pricing, { amount: 15_000, months }, today);
    expect(1250.5 * 0.5).toBeGreaterThanOrEqual(affordable.monthly_payment);
    const offeredPayment = lari(affordable.monthly_payment);
    const offeredRate = percent(affordable.effective_rate);
    await expect.poll(() => shown(panel, 'ყოველთვიური შენატანი')).toBe(offeredPayment);
    expect(await shown(panel, 'ეფექტური წლიური საპროცენტო განაკვეთი')).toBe(offeredRate);

    await page.getByRole('button', { name: 'დაფარვის სრული გრაფიკი' }).click();
    const schedule = page.getByRole('table', { name: 'დაფარვის გრაფიკი' });
    expect(await schedule.getByRole('row').count()).toBe(months + 1);

    await fillInLoanForm(page, { purpose: loanEntries.purpose, file: loanEntries.file });
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/questionnaire-review/'));
    const id = loanIdIn(page);
    await confirmQuestionnaire(page, id);
    await giveCreditConsent(page, id);
    await page.getByText('14 დღის განმავლობაში', { exact: false }).waitFor();
    await identifyWithSso(page, customer);
    await waitForPath(page, '/main');

    // After submission /main reads the stored snapshot: the numbers the customer was shown.
    const [row] = await applicationRows(page);
    expect(row).toMatchObject({
      amount: '15\u00a0000,00\u00a0₾',
      months: `${months} თვე`,
      monthlyPayment: offeredPayment,
      effectiveRate: offeredRate,
      status: 'წარდგენილია',
    });
  });
});
