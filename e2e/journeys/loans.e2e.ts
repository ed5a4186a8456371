import { describe, expect } from 'vitest';
import { newCustomer, textSentBy } from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import {
  applicationRows,
  cancelApplication,
  confirmQuestionnaire,
  createApplicationThroughApi,
  expectNotification,
  fillInLoanForm,
  giveCreditConsent,
  identifyWithSso,
  loanEntries,
  startApplication,
  stepPaths,
} from '../support/loans.ts';
import { onboardThroughApi, waitForPath } from '../support/onboarding.ts';

const nbsp = '\u00a0';
const statuses = {
  draft: 'შევსების პროცესში',
  consented: 'თანხმობა გაცემულია',
  submitted: 'წარდგენილია',
  cancelled: 'გაუქმებულია',
};

describe('loan applications on a phone', () => {
  test('a customer applies from /main, consents, identifies and sees the application submitted', async ({
    page,
  }) => {
    const customer = await onboardThroughApi(page);
    await page.getByText('თქვენ ჯერ არ გაქვთ განაცხადები.').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    await page.getByRole('heading', { level: 1, name: 'ახალი განაცხადი' }).waitFor();
    await fillInLoanForm(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'გაგრძელება' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/questionnaire-review/'));
    const id = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: 'პირადი მონაცემების რედაქტირება' }).waitFor();
    expect(await page.getByLabel('ორგანიზაცია').inputValue()).toBe('შპს მაგალითი');
    await expectNoAxeViolations(page);
    await confirmQuestionnaire(page, id);

    await page.getByLabel('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას').waitFor();
    expect(await page.getByRole('main').locator('p').count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);
    await giveCreditConsent(page, id);

    await page.getByText('SSO ავტორიზაციით', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    const text = await textSentBy(page, customer.phone, async () => {
      await identifyWithSso(page, customer);
      await waitForPath(page, '/main');
    });
    await expectNotification(
      page,
      'success',
      'იდენტიფიკაცია წარმატებით დასრულდა, თქვენი განაცხადი მიღებულია',
    );
    expect(text).toContain(`№${id}`);
    const [row] = await applicationRows(page);
    expect(row).toMatchObject({
      amount: `2500,50${nbsp}₾`,
      months: '12 თვე',
      status: statuses.submitted,
    });
    await expectNoAxeViolations(page);
  });

  test('edits the application through the back links', async ({ page }) => {
    await onboardThroughApi(page);
    const id = await startApplication(page);

    await page.getByRole('link', { name: 'უკან' }).click();
    await waitForPath(page, stepPaths.edit(id));
    await page.getByRole('heading', { level: 1, name: 'განაცხადის რედაქტირება' }).waitFor();
    expect(await page.getByLabel('ვადა (თვე)').inputValue()).toBe('12');
    await page.getByText('შენახული ფაილი: ამონაწერი.pdf', { exact: false }).waitFor();
    await fillInLoanForm(page, { amount: '3 000', months: '24' });
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await waitForPath(page, stepPaths.review(id));
    await confirmQuestionnaire(page, id);
    await giveCreditConsent(page, id);

    // One step back at a time: identification → consent → review → form → /main.
    for (const path of [stepPaths.consent(id), stepPaths.review(id), stepPaths.edit(id)]) {
      await page.getByRole('link', { name: 'უკან' }).click();
      await waitForPath(page, path);
    }
    await page.getByLabel('თანხა').waitFor();
    expect(await page.getByLabel('ვადა (თვე)').inputValue()).toBe('24');
    await page.getByRole('link', { name: 'უკან' }).click();
    await waitForPath(page, '/main');

    const [row] = await applicationRows(page);
    expect(row).toMatchObject({
      amount: `3000,00${nbsp}₾`,
      months: '24 თვე',
      status: statuses.consented,
    });
    // Consented: only identification is left, and that is where it goes on.
    await page.getByRole('link', { name: 'განაცხადის გაგრძელება' }).click();
    await waitForPath(page, stepPaths.identification(id));
  });

  test('cancels the application at each step', async ({ page }) => {
    await onboardThroughApi(page);
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    await page.getByRole('link', { name: 'გაუქმება' }).click();
    await waitForPath(page, '/main');
    await page.getByText('თქვენ ჯერ არ გაქვთ განაცხადები.').waitFor();

    const steps = [stepPaths.edit, stepPaths.review, stepPaths.consent, stepPaths.identification];
    for (const [index, step] of steps.entries()) {
      const id = await createApplicationThroughApi(page);
      await page.goto(step(id));
      await cancelApplication(page);
      await waitForPath(page, '/main');
      await expectNotification(page, 'success', 'განაცხადი გაუქმებულია');
      const rows = await applicationRows(page);
      expect(rows).toHaveLength(index + 1);
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => statuses.cancelled));
    }
  });

  test('a file that is not really a PDF is refused under its field, and nothing typed is lost', async ({
    page,
  }) => {
    await onboardThroughApi(page);
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    await fillInLoanForm(page, {
      ...loanEntries,
      file: {
        name: 'ამონაწერი.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('this is plain text wearing a .pdf name'),
      },
    });
    await page.getByRole('button', { name: 'გაგრძელება' }).click();

    const fileInput = page.getByLabel('საბანკო ამონაწერი');
    await page.getByText('ფაილი უნდა იყოს PDF, JPEG ან PNG ფორმატში').waitFor();
    expect(await fileInput.getAttribute('aria-invalid')).toBe('true');
    await waitForPath(page, '/loan');
    expect(await page.getByLabel('თანხა').inputValue()).toBe(loanEntries.amount);
    await expectNoAxeViolations(page);

    await fillInLoanForm(page, { file: loanEntries.file });
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/questionnaire-review/'));
  });

  test('identifying as someone else does not submit the application', async ({ page }) => {
    await onboardThroughApi(page);
    const id = await startApplication(page);
    await confirmQuestionnaire(page, id);
    await giveCreditConsent(page, id);

    // The provider's session from registration is the customer's own: another person signs in
    // on a browser of their own, as someone holding a stolen password would.
    await page.context().clearCookies();
    await identifyWithSso(page, newCustomer());
    await expectNotification(page, 'error', 'დადასტურებული პიროვნება არ ემთხვევა განმცხადებელს');
    await page.goto('/main');
    const [row] = await applicationRows(page);
    expect(row?.status).toBe(statuses.consented);
  });
});
