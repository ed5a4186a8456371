import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  completeRegistration,
  expectSignedInAs,
  logIn,
  logOut,
  newCustomer,
  passwordIn,
  register,
  requestCode,
  signInWithSso,
  textSentBy,
} from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import { onboardThroughApi } from '../support/onboarding.ts';

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A notification or message in the page's main region. */
async function expectMessage(page: Page, role: 'status' | 'alert', text: string) {
  await page.getByRole('main').getByRole(role).filter({ hasText: text }).waitFor();
}

describe('accounts on a phone', () => {
  test('a new customer registers through single sign-on and a texted code', async ({ page }) => {
    const customer = newCustomer();
    await page.goto('/register');
    await page.getByRole('heading', { level: 2, name: 'ვინაობის დადასტურება' }).waitFor();
    await expectNoAxeViolations(page);

    await signInWithSso(page, customer);
    await expectMessage(page, 'status', 'SSO ავტორიზაცია წარმატებით დასრულდა');
    const name = page.getByLabel('სახელი', { exact: true });
    expect(await name.inputValue()).toBe(customer.name);
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('პირადი ნომერი').inputValue()).toBe(customer.personalNumber);
    await page.getByText('კონფიდენციალურობის პოლიტიკის წაკითხვა').click();
    await expectNoAxeViolations(page);

    await completeRegistration(page, customer);
    expect(pathOf(page)).toBe('/sda-checking');
  });

  test('logs out and logs back in', async ({ page }) => {
    const customer = await register(page);
    await logOut(page, customer);
    await page.getByRole('heading', { level: 1, name: 'შესვლა' }).waitFor();
    await expectNoAxeViolations(page);

    await logIn(page, customer.phone, 'not the password');
    await page.getByText('ტელეფონის ნომერი ან პაროლი არასწორია').waitFor();
    await expectNoAxeViolations(page);

    await logIn(page, customer.phone, customer.password);
    await expectSignedInAs(page, customer);
    // Not SDA-verified yet: the guard sends the customer on to the consent.
    await page.waitForURL((url) => url.pathname === '/sda-checking');
  });

  test('changes the password and logs in with the new one', async ({ page }) => {
    const customer = await onboardThroughApi(page);
    await page.goto('/change-password');
    const newPassword = 'გაზაფხულის წვიმიანი საღამო';
    await page.getByLabel('ახალი პაროლი', { exact: true }).fill(newPassword);
    await page.getByLabel('გაიმეორეთ პაროლი', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'პაროლის შეცვლა' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await expectMessage(page, 'status', 'პაროლი შეიცვალა. გთხოვთ, შეხვიდეთ ახალი პაროლით.');
    await logIn(page, customer.phone, customer.password);
    await page.getByText('ტელეფონის ნომერი ან პაროლი არასწორია').waitFor();
    await logIn(page, customer.phone, newPassword);
    await expectSignedInAs(page, customer);
  });

  test('restores a forgotten password from a text and logs in with it', async ({ page }) => {
    const customer = await register(page);
    await logOut(page, customer);
    await page.getByRole('link', { name: 'დაგავიწყდათ პაროლი?' }).click();
    await page.getByRole('heading', { level: 1, name: 'პაროლის აღდგენა' }).waitFor();
    await expectNoAxeViolations(page);

    const code = await requestCode(page, customer.phone);
    await page.getByLabel('კოდი', { exact: true }).fill(code);
    const request = page.getByRole('button', { name: 'ახალი პაროლის მოთხოვნა' });
    await expect.poll(() => request.isEnabled()).toBe(true);
    const text = await textSentBy(page, customer.phone, () => request.click());

    await page.waitForURL((url) => url.pathname === '/login');
    await expectMessage(page, 'status', 'ახალი პაროლი გამოგზავნილია თქვენს ტელეფონზე');
    await logIn(page, customer.phone, passwordIn(text));
    await expectSignedInAs(page, customer);
  });

  test('a refused single sign-on returns to the SSO step with the message', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
    await page.waitForURL(/\/dev-idp\//);
    await page.locator('button[name="action"][value="deny"]').click();

    await page.waitForURL((url) => url.pathname === '/register');
    await expectMessage(page, 'alert', 'SSO ავტორიზაცია შეწყდა: ვინაობა არ დადასტურდა');
    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).waitFor();
  });

  test('a wrong code shows the error, and five wrong codes lock the code', async ({ page }) => {
    const customer = newCustomer();
    await signInWithSso(page, customer);
    const right = await requestCode(page, customer.phone);
    const wrong = String((Number(right) + 1) % 10_000).padStart(4, '0');
    const codeField = page.getByLabel('კოდი', { exact: true });
    const wrongCode = page.getByText('კოდი არასწორია', { exact: true });
    const locked = page.getByText('მცდელობების ლიმიტი ამოიწურა, გთხოვთ, მოითხოვოთ ახალი კოდი');

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await codeField.fill('');
      await wrongCode.waitFor({ state: 'detached' });
      await codeField.fill(wrong);
      await wrongCode.waitFor();
    }
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await codeField.fill('');
    await codeField.fill(wrong);
    await locked.waitFor();

    await codeField.fill('');
    await codeField.fill(right);
    await locked.waitFor();
    expect(await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).isDisabled()).toBe(
      true,
    );
  });
});
