import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { logIn, logOut } from '../support/accounts.ts';
import { onboardThroughApi, waitForPath } from '../support/onboarding.ts';
import { customerEnding, verifyDocument } from '../support/support.ts';

const checkCard = (page: Page) =>
  page.getByRole('region', { name: 'დოკუმენტის შემოწმება', exact: true });

/** A notification in the page's main region. */
async function expectMessage(page: Page, role: 'status' | 'alert', text: string) {
  await page.getByRole('main').getByRole(role).filter({ hasText: text }).waitFor();
}

describe('identity-document verification on a phone', () => {
  test('a customer verifies their document from /main and comes back verified', async ({
    page,
  }) => {
    const customer = await onboardThroughApi(page, customerEnding('00'));
    await checkCard(page).waitFor();
    await expectNoAxeViolations(page);

    await verifyDocument(page);
    await expectMessage(page, 'status', 'დოკუმენტი წარმატებით შემოწმდა');
    await checkCard(page).waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);

    // The verdict is the server's: signing in again brings the same flag.
    await logOut(page, customer);
    await logIn(page, customer.phone, customer.password);
    await waitForPath(page, '/main');
    await page.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
    expect(await checkCard(page).count()).toBe(0);
  });

  test('a document that is someone else’s fails with the spec’s message, and the check stays offered', async ({
    page,
  }) => {
    await onboardThroughApi(page, customerEnding('93'));
    await verifyDocument(page);
    await expectMessage(
      page,
      'alert',
      'დოკუმენტის შემოწმება ვერ მოხერხდა, სცადეთ ხელახლა ან გამოიყენეთ სხვა ტიპის დოკუმენტი',
    );
    await checkCard(page).waitFor();
    await expectNoAxeViolations(page);
  });

  test('an unreachable provider shows the service message', async ({ page }) => {
    await onboardThroughApi(page, customerEnding('94'));
    await verifyDocument(page);
    await expectMessage(page, 'alert', 'სერვისთან დაკავშირება ვერ ხერხდება');
    await checkCard(page).waitFor();
  });
});
