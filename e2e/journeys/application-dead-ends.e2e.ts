import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import {
  applicationRows,
  createApplicationThroughApi,
  expectNotification,
  giveCreditConsent,
  identifyWithSso,
  stepPaths,
} from '../support/loans.ts';
import { onboardThroughApi, waitForPath } from '../support/onboarding.ts';

const statuses = { submitted: 'წარდგენილია', cancelled: 'გაუქმებულია' };
const openTitle = 'მიმდინარე განაცხადი';
const withdraw = 'განაცხადის გამოთხოვა';

/** The step the application stepper marks as current, by its name. */
async function currentStep(page: Page): Promise<string> {
  const steps = page.getByRole('list', { name: 'განაცხადის ეტაპები' });
  return (await steps.locator('[aria-current="step"]').textContent()) ?? '';
}

/** Nothing wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScrolling(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

describe('the open application on a phone', () => {
  test('a submitted application is offered instead of a new one, and withdrawn after a confirmation', async ({
    page,
  }) => {
    expect(page.viewportSize()?.width).toBe(360);
    const customer = await onboardThroughApi(page);
    const id = await createApplicationThroughApi(page);

    // The stepper says where the customer is: the consent, then identification, the last step.
    await page.goto(stepPaths.consent(id));
    await page.getByLabel('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას').waitFor();
    expect(await currentStep(page)).toBe('3თანხმობა');
    await page.getByText('ნაბიჯი 3 / 4: თანხმობა').waitFor();
    await expectNoAxeViolations(page);
    await giveCreditConsent(page, id);
    await page.getByRole('heading', { level: 1, name: 'იდენტიფიკაცია' }).waitFor();
    expect(await currentStep(page)).toBe('4იდენტიფიკაცია');
    await expectNoAxeViolations(page);
    await identifyWithSso(page, customer);
    await waitForPath(page, '/main');

    // /main: the submitted application, to wait for or withdraw; no "new application".
    const open = page.getByRole('region', { name: openTitle });
    await open.waitFor();
    expect(await open.textContent()).toContain(`განაცხადი №${id}`);
    expect(await open.textContent()).toContain(`სტატუსი: ${statuses.submitted}`);
    expect(await page.getByRole('link', { name: 'ახალი განაცხადი' }).count()).toBe(0);
    expect((await applicationRows(page)).map((row) => row.status)).toEqual([statuses.submitted]);
    await expectNoSidewaysScrolling(page);
    await expectNoAxeViolations(page);

    // /loan reached anyway: the open application, not a form to fill in and upload for nothing.
    await page.goto('/loan');
    await page.getByText('თქვენ უკვე გაქვთ მიმდინარე განაცხადი', { exact: false }).waitFor();
    await page.getByRole('region', { name: openTitle }).waitFor();
    expect(await page.getByLabel('საბანკო ამონაწერი').count()).toBe(0);
    expect(await page.getByLabel('თანხა').count()).toBe(0);
    await expectNoAxeViolations(page);

    // Withdrawing asks first; "no" leaves the application as it is.
    await page.getByRole('button', { name: withdraw }).click();
    const dialog = page.getByRole('dialog', { name: withdraw });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`განაცხადის №${id} გამოთხოვა`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'არა, განაცხადი დარჩეს' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto('/main');
    expect((await applicationRows(page)).map((row) => row.status)).toEqual([statuses.submitted]);

    // "Yes": withdrawn; /main says so, lists it cancelled and offers a new application again.
    await page.getByRole('button', { name: withdraw }).click();
    await dialog.getByRole('button', { name: 'დიახ, გააუქმეთ' }).click();
    await expectNotification(page, 'success', 'განაცხადი გაუქმებულია');
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).waitFor();
    expect(await page.getByRole('region', { name: openTitle }).count()).toBe(0);
    expect((await applicationRows(page)).map((row) => row.status)).toEqual([statuses.cancelled]);
    await expectNoSidewaysScrolling(page);
    await expectNoAxeViolations(page);

    // And the new application's form opens, at its first step.
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    await page.getByLabel('თანხა').waitFor();
    expect(await currentStep(page)).toBe('1თანხა და ვადა');
  }, 180_000);
});
