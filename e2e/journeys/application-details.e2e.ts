import { formatTimestamp } from '@sesxi/contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import {
  confirmQuestionnaire,
  fillInLoanForm,
  giveCreditConsent,
  loanEntries,
  loanIdIn,
  stepPaths,
} from '../support/loans.ts';
import { apiHeaders, onboardThroughApi, waitForPath } from '../support/onboarding.ts';
import { signInAsSupport } from '../support/support.ts';

const nbsp = '\u00a0';
/** A percentage as the screen writes it: two decimals, a comma. */
const percent = (value: number) => `${value.toFixed(2).replace('.', ',')}%`;

const estimateNote =
  'ეს სავარაუდო შეფასებაა: არსებული სესხების ყოველთვიური გადასახადი გამოთვლილია თქვენი ჯამური ვალდებულებებიდან.';
const exactCheckLink = 'ზუსტი შემოწმებისთვის მიუთითეთ ყოველთვიური გადასახადი კითხვარში';
const monthlyPaymentsField = 'არსებული სესხების ყოველთვიური გადასახადი (არასავალდებულო)';
const tooLarge = `თანხა უნდა იყოს მაქსიმუმ 50${nbsp}000,00${nbsp}₾`;

interface Quote {
  affordability: {
    pti: number;
    fits: boolean;
    obligations: number;
    obligations_estimated: boolean;
  };
}

/** The server's own affordability answer for the terms, as the offer panel asks for it. */
async function quoteOf(
  page: Page,
  amount: number,
  months: number,
): Promise<Quote['affordability']> {
  const response = await page.request.post('/api/loan-offer', {
    headers: await apiHeaders(page),
    data: { amount, months },
  });
  return ((await response.json()) as Quote).affordability;
}

/** On /questionnaire-edit: changes one amount and saves, back to /main. */
async function saveQuestionnaireAmount(page: Page, label: string, amount: string) {
  await page.getByLabel(label, { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'შენახვა' }).click();
  await waitForPath(page, '/main');
}

/** The not-found screen, then its way back. */
async function expectNotFound(page: Page, wayBack: string) {
  await page.getByRole('heading', { level: 1, name: 'გვერდი ვერ მოიძებნა' }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  expect(await page.getByText('გთხოვთ, გაასწოროთ მონიშნული ველები').count()).toBe(0);
  await page.getByRole('link', { name: wayBack }).waitFor();
}

// The two application journeys onboard through the screens and the API: more than a minute on a
// loaded machine.
describe('an application’s details on a phone', () => {
  test('a total debt gives a labelled estimate that fits; the monthly payments make the check exact', async ({
    page,
  }) => {
    await onboardThroughApi(page, undefined, { salary: 2500 });
    await page.goto('/questionnaire-edit');
    const total = page.getByLabel('ჯამური ფინანსური ვალდებულებები', { exact: true });
    await total.waitFor();
    await page.getByLabel(monthlyPaymentsField).waitFor();
    await expectNoAxeViolations(page);
    await saveQuestionnaireAmount(page, 'ჯამური ფინანსური ვალდებულებები', '15 000');

    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    await fillInLoanForm(page, { amount: '3000', months: '12' });
    const estimated = await quoteOf(page, 3000, 12);
    // 5% of the 15,000 owed a month, not the 15,000 itself: it fits.
    expect(estimated).toMatchObject({ obligations: 750, obligations_estimated: true, fits: true });
    const panel = page.getByRole('region', { name: 'სესხის გაანგარიშება' });
    await panel
      .getByText(`შემოსავლის ${percent(estimated.pti)}-ს შეადგენს`, { exact: false })
      .waitFor();
    await panel.getByText(estimateNote, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    await panel.getByRole('link', { name: exactCheckLink }).click();
    await waitForPath(page, '/questionnaire-edit');
    await page.getByLabel(monthlyPaymentsField).waitFor();
    expect(await total.inputValue()).toBe('15 000');
    await saveQuestionnaireAmount(page, monthlyPaymentsField, '400');

    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    await fillInLoanForm(page, { amount: '3000', months: '12' });
    const exact = await quoteOf(page, 3000, 12);
    expect(exact).toMatchObject({ obligations: 400, obligations_estimated: false, fits: true });
    expect(exact.pti).toBeLessThan(estimated.pti);
    await panel
      .getByText(`შემოსავლის ${percent(exact.pti)}-ს შეადგენს`, { exact: false })
      .waitFor();
    expect(await panel.getByText(estimateNote, { exact: false }).count()).toBe(0);
  }, 120_000);

  test('a too-large amount is refused in the product’s words; the consent screen shows the consent given', async ({
    page,
  }) => {
    await onboardThroughApi(page);
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    const amount = page.getByLabel('თანხა');
    await fillInLoanForm(page, { ...loanEntries, amount: '60 000' });
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await page.getByText(tooLarge).waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    // The server words it the same.
    const refused = await page.request.post('/api/loan-offer', {
      headers: await apiHeaders(page),
      data: { amount: 60_000, months: 12 },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { amount: string[] }).amount).toEqual([tooLarge]);

    await fillInLoanForm(page, { amount: loanEntries.amount });
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/questionnaire-review/'));
    const id = loanIdIn(page);
    await confirmQuestionnaire(page, id);
    const agreedOn = formatTimestamp(new Date()).slice(0, 10).split('-').reverse().join('.');
    await giveCreditConsent(page, id);

    await page.getByRole('link', { name: 'უკან' }).click();
    await waitForPath(page, stepPaths.consent(id));
    const consent = page.getByLabel('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას');
    await page
      .getByText(new RegExp(`^თქვენ დაეთანხმეთ: ${agreedOn.replace(/\./g, '\\.')} \\d\\d:\\d\\d$`))
      .waitFor();
    expect(await consent.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await waitForPath(page, stepPaths.identification(id));
  }, 120_000);

  test('a customer’s bad or missing ids show the not-found screen, with the way back to /main', async ({
    page,
  }) => {
    await onboardThroughApi(page);
    const paths = [
      '/loan-edit/abc',
      '/loan-edit/999999',
      '/questionnaire-review/999999',
      '/credit-info/999999',
      '/credit-info/999999/identification',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expectNotFound(page, 'პირად გვერდზე დაბრუნება');
      expect(await page.getByLabel('ხელფასი').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).count()).toBe(0);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'პირად გვერდზე დაბრუნება' }).click();
    await waitForPath(page, '/main');
    await page.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
  });

  test('support’s bad ids and a page past the last lead back to the users', async ({ page }) => {
    await signInAsSupport(page);
    for (const path of ['/checking/users/abc', '/checking/users/999999']) {
      await page.goto(path);
      await expectNotFound(page, 'მომხმარებლების სიაზე დაბრუნება');
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'მომხმარებლების სიაზე დაბრუნება' }).click();
    await waitForPath(page, '/checking');
    await page.getByRole('table', { name: 'მომხმარებლები' }).waitFor();

    await page.goto('/checking?page=999');
    await page.getByText(/^გვერდი 999 არ არსებობს: სიაში სულ \d+ გვერდია\.$/).waitFor();
    expect(await page.getByText('მომხმარებლები ვერ მოიძებნა').count()).toBe(0);
    expect(await page.getByText(/^ნაპოვნია/).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'პირველ გვერდზე გადასვლა' }).click();
    await page.waitForURL((url) => url.pathname === '/checking' && !url.searchParams.has('page'));
    await page.getByRole('table', { name: 'მომხმარებლები' }).waitFor();
  });
});
