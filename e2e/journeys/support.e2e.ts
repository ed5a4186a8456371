import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectSignedInAs, logOut } from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { onboardThroughApi, waitForPath } from '../support/onboarding.ts';
import {
  customerEnding,
  signInAsSupport,
  supportStaff,
  verifyDocument,
} from '../support/support.ts';

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
    expect(await row.getByRole('cell').nth(5).textContent()).toBe(customer.personalNumber);
    expect(await row.getByRole('cell').nth(6).textContent()).toBe('✗ არა');

    await row.getByRole('link', { name: `ნახვა: ${customer.name} ${customer.surname}` }).click();
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

  test('a customer sent to /checking lands on /main', async ({ page }) => {
    const customer = await onboardThroughApi(page, customerEnding('00'));
    await page.goto('/checking');
    await waitForPath(page, '/main');
    await expectSignedInAs(page, customer);
    await page.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
  });
});
