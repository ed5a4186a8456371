import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectSignedInAs, logOut } from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { submitApplication } from '../support/loans.ts';
import { onboardThroughApi, waitForPath } from '../support/onboarding.ts';
import {
  customerEnding,
  rejectThroughApi,
  signInAsSupport,
  supportStaff,
  verifyDocument,
} from '../support/support.ts';

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

/** The customer's texts of the reasons an officer picks below, in the reference list's order. */
const reasonTexts = [
  'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
  'გაქვთ ვადაგადაცილებული დავალიანება',
];

/** The element lies wholly inside the viewport's width. */
async function expectInView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const { x = 0, width = 0 } = box ?? {};
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Axe finds nothing on the page on a phone and on a desktop; it is left on a phone. */
async function expectAxeCleanOnPhoneAndDesktop(page: Page, shown: (page: Page) => Promise<void>) {
  for (const size of [phone, desktop]) {
    await page.setViewportSize(size);
    await shown(page);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(phone);
}

/** The row of a compared field in the open detail dialog. */
function comparisonRow(page: Page, field: string) {
  return page
    .getByRole('dialog')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: field, exact: true }) });
}

describe('the support back office on a phone', () => {
  test('support finds a customer whose document did not match and sees each mismatch marked', async ({
    page,
  }) => {
    const customer = await onboardThroughApi(page, customerEnding('93'));
    await verifyDocument(page);
    await page.getByRole('main').getByRole('alert').waitFor();
    await logOut(page, customer);

    await signInAsSupport(page);
    await page.getByRole('heading', { level: 1, name: 'მომხმარებლები' }).waitFor();
    await page.getByRole('table', { name: 'მომხმარებლები' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('searchbox', { name: 'ძებნა' }).fill(customer.personalNumber);
    await page.waitForURL((url) => url.searchParams.get('search') === customer.personalNumber);
    await page.getByText('ნაპოვნია: 1', { exact: true }).waitFor();
    const row = page.getByRole('table', { name: 'მომხმარებლები' }).getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(4).textContent()).toBe(customer.personalNumber);
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('✗ არა');

    // The wide table scrolls sideways on a phone; the id and the action stay in view.
    const show = row.getByRole('link', { name: `ნახვა: ${customer.name} ${customer.surname}` });
    await expectInView(page, show);
    await expectInView(page, row.getByRole('rowheader'));
    await show.click();
    await page
      .getByRole('heading', { level: 1, name: `${customer.name} ${customer.surname}` })
      .waitFor();
    const checks = page.getByRole('table', { name: 'ვერიფიკაციის შედეგები' });
    expect(await checks.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).toBe('41%');
    const accessLog = page.getByRole('table', { name: 'წვდომის ისტორია' });
    await accessLog.getByText(supportStaff.fullName).first().waitFor();
    await expectNoAxeViolations(page);

    await checks.getByRole('button', { name: /^დეტალები: / }).click();
    const dialog = page.getByRole('dialog', { name: /^ვერიფიკაციის შედეგი, / });
    await dialog.waitFor();
    for (const field of ['გვარი', 'დოკუმენტის ნომერი']) {
      await comparisonRow(page, field).getByText('შეუსაბამობა').waitFor();
    }
    for (const field of ['პირადი ნომერი', 'სახელი']) {
      await comparisonRow(page, field).getByText('ემთხვევა').waitFor();
    }
    await dialog.getByText('41%').waitFor();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'მომხმარებლების სიაზე დაბრუნება' }).click();
    await waitForPath(page, '/checking');
    expect(await page.getByRole('searchbox', { name: 'ძებნა' }).inputValue()).toBe(
      customer.personalNumber,
    );
  });

  test('a rejected customer reads the date and what to do next; support finds them and reads the same reasons and date', async ({
    page,
  }) => {
    const customer = customerEnding('00');
    const id = await submitApplication(page, customer, { amount: '15000', months: '24' });
    const decidedAt = await rejectThroughApi(page, id, ['overdue_debt', 'income_too_low']);

    await page.reload();
    const steps = page.getByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' });
    await steps.getByText(`განაცხადი №${String(id)} უარყოფილია ${decidedAt}.`).waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      'ახალი განაცხადის შევსება ნებისმიერ დროს შეგიძლიათ.',
      'ყოველთვიური შენატანი თქვენს შემოსავალთან შედარებით მაღალი აღმოჩნდა. ახალ განაცხადში სცადეთ უფრო მცირე თანხა ან უფრო ხანგრძლივი ვადა: ასე შენატანი შემცირდება.',
    ]);
    expect(await steps.getByRole('link', { name: 'ახალი განაცხადი' }).getAttribute('href')).toBe(
      '/loan',
    );
    await steps.locator('a[href^="tel:"]').waitFor();
    await steps.locator('a[href^="mailto:"]').waitFor();
    await expectAxeCleanOnPhoneAndDesktop(page, async (shown) => {
      // The applications are cards on a phone and a table on a desktop; CSS shows one of them.
      const reasons = shown.getByRole('list', { name: 'მიზეზები' });
      expect(await reasons.getByRole('listitem').allTextContents()).toEqual(reasonTexts);
      await shown
        .getByText(`გადაწყვეტილების თარიღი: ${decidedAt}`)
        .filter({ visible: true })
        .waitFor();
    });
    await logOut(page, customer);

    await signInAsSupport(page);
    await page.getByRole('searchbox', { name: 'ძებნა' }).fill(customer.personalNumber);
    await page.getByText('ნაპოვნია: 1', { exact: true }).waitFor();
    const show = page.getByRole('link', { name: `ნახვა: ${customer.name} ${customer.surname}` });
    await expectInView(page, show);
    await expectAxeCleanOnPhoneAndDesktop(page, async (shown) => {
      await shown.getByRole('table', { name: 'მომხმარებლები' }).waitFor();
    });

    await show.click();
    await page
      .getByRole('heading', { level: 1, name: `${customer.name} ${customer.surname}` })
      .waitFor();
    await expectAxeCleanOnPhoneAndDesktop(page, async (shown) => {
      const applications = shown.getByRole('region', { name: 'განაცხადები' });
      await applications.getByText(`უარყოფილია ${decidedAt}`).filter({ visible: true }).waitFor();
      const reasons = applications.getByRole('list', {
        name: 'უარის მიზეზები, როგორც მომხმარებელმა წაიკითხა',
      });
      expect(await reasons.getByRole('listitem').allTextContents()).toEqual(reasonTexts);
      expect(await applications.getByText('შიდა შენიშვნა').count()).toBe(0);
    });
    // On a phone the rejection reads in its card, nothing to scroll sideways for.
    await expectInView(
      page,
      page
        .getByRole('region', { name: 'განაცხადები' })
        .getByText(reasonTexts[0] ?? '')
        .filter({ visible: true }),
    );
  });

  test('a customer sent to /checking lands on /main', async ({ page }) => {
    const customer = await onboardThroughApi(page, customerEnding('00'));
    await page.goto('/checking');
    await waitForPath(page, '/main');
    await expectSignedInAs(page, customer);
    await page.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
  });
});
