import { describe } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { waitForPath } from '../support/onboarding.ts';

const admin = { phone: '599000005', password: 'Admin-2026' };

describe('staff accounts', () => {
  test('an admin lands on the staff accounts and opens an account’s roles, on a phone', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, admin.phone, admin.password);
    await waitForPath(page, '/staff');
    const table = page.getByRole('table', { name: 'თანამშრომლების ანგარიშები' });
    const support = table.getByRole('row').filter({ hasText: '599000001' });
    await support.getByText('*******0101').waitFor();
    await expectNoAxeViolations(page);

    await support.getByRole('button', { name: 'თამარ ლომიძე: როლების შეცვლა' }).click();
    const dialog = page.getByRole('dialog', { name: 'თამარ ლომიძე: როლები' });
    await dialog.getByRole('checkbox', { name: 'მხარდაჭერა', checked: true }).waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'გაუქმება' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
