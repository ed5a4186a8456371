import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  completeRegistration,
  expectSignedInAs,
  logIn,
  logOut,
  newCustomer,
  register,
  signInWithSso,
  type Customer,
} from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import {
  confirmQuestionnaire,
  expectNotification,
  giveCreditConsent,
  identifyWithSso,
  startApplication,
  stepPaths,
} from '../support/loans.ts';
import { onboardThroughApi, waitForPath } from '../support/onboarding.ts';

const ssoFailed = 'SSO ავტორიზაცია ვერ დასრულდა';

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Collects the page's console errors (a refused call shows up there as one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Goes Back once and waits for whatever page that brings to settle. */
async function goBack(page: Page): Promise<void> {
  await page.goBack({ waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
}

/** No "SSO failed" anywhere: neither a notification nor the provider's own pages. */
async function expectNoSsoFailure(page: Page): Promise<void> {
  expect(await page.getByText(ssoFailed).count()).toBe(0);
  expect(await page.getByText(/interaction|session not found/i).count()).toBe(0);
}

/** At the sandbox provider's sign-in page (reached from an SSO button): signs in as `who`. */
async function signInAtProvider(page: Page, who: Customer): Promise<void> {
  await page.waitForURL(/\/dev-idp\/interaction\//);
  await page.locator('input[name="personal_number"]').fill(who.personalNumber);
  await page.locator('input[name="name"]').fill(who.name);
  await page.locator('input[name="surname"]').fill(who.surname);
  await page.locator('button[name="action"][value="approve"]').click();
}

describe('sign-in dead ends on a phone', () => {
  test('Back after the registration SSO lands quietly, never on “SSO failed”', async ({ page }) => {
    const customer = newCustomer();
    await signInWithSso(page, customer);
    await page.getByText('SSO ავტორიზაცია წარმატებით დასრულდა').waitFor();

    // Back: the callback replaced its entry, and the provider's finished page goes on quietly.
    await goBack(page);
    await expectNoSsoFailure(page);
    expect(pathOf(page)).not.toMatch(/^\/(sso|dev-idp)\//);
    await expectNoAxeViolations(page);

    // Forward again: still the personal-data form, with the identity SSO confirmed.
    await page.goto('/register');
    await page.getByRole('heading', { level: 2, name: 'პირადი მონაცემები' }).waitFor();
    expect(await page.getByLabel('პირადი ნომერი').inputValue()).toBe(customer.personalNumber);
    await completeRegistration(page, customer);
  });

  test('a spent callback visited again goes on quietly to where the customer would be', async ({
    page,
  }) => {
    const customer = newCustomer();
    const callbacks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sso/callback?')) callbacks.push(request.url());
    });
    await signInWithSso(page, customer);
    const spent = callbacks.at(-1);
    expect(spent).toContain('code=');
    await completeRegistration(page, customer);

    await page.goto(spent ?? '/');
    await page.waitForURL((url) => !url.pathname.startsWith('/sso/'));
    await expectSignedInAs(page, customer);
    await expectNoSsoFailure(page);
    expect(pathOf(page)).not.toBe('/');
  });

  test('two identities in one browser: register A, log out, register B', async ({ page }) => {
    const first = await register(page);
    await logOut(page, first);

    const second = newCustomer({ name: 'ნინო', surname: 'კაპანაძე' });
    await page.goto('/register');
    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
    // A fresh interaction asks who signs in: the provider does not reuse A's sign-in.
    await page.getByRole('heading', { name: 'სატესტო იდენტიფიკაცია' }).waitFor();
    await expectNoAxeViolations(page);
    await signInAtProvider(page, second);
    await waitForPath(page, '/register');
    await page.getByRole('heading', { level: 2, name: 'პირადი მონაცემები' }).waitFor();
    expect(await page.getByLabel('პირადი ნომერი').inputValue()).toBe(second.personalNumber);
    await completeRegistration(page, second);
    await expectSignedInAs(page, second);
  });

  test('a loan identified as someone else says so; then as oneself it is received', async ({
    page,
  }) => {
    const customer = await onboardThroughApi(page);
    const id = await startApplication(page);
    await confirmQuestionnaire(page, id);
    await giveCreditConsent(page, id);

    // Same browser, no cookies cleared: the provider must ask again each time.
    await identifyWithSso(page, newCustomer());
    await waitForPath(page, stepPaths.identification(id));
    await expectNotification(page, 'error', 'დადასტურებული პიროვნება არ ემთხვევა განმცხადებელს');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
    await signInAtProvider(page, customer);
    await waitForPath(page, '/main');
    await expectNotification(
      page,
      'success',
      'იდენტიფიკაცია წარმატებით დასრულდა, თქვენი განაცხადი მიღებულია',
    );

    // Back from /main: no spent code run again, no “SSO failed” on /.
    await goBack(page);
    await expectNoSsoFailure(page);
  });

  test('a refused sign-in at the provider returns to the registration step with a message', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
    await page.waitForURL(/\/dev-idp\//);
    await page.locator('button[name="action"][value="deny"]').click();

    await waitForPath(page, '/register');
    await expectNotification(page, 'error', 'SSO ავტორიზაცია შეწყდა: ვინაობა არ დადასტურდა');
    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('a registered personal number hears so right after SSO, with login and restore links', async ({
    page,
  }) => {
    const customer = await register(page);
    await logOut(page, customer);

    await signInAt(page, customer);
    await page.getByText('ამ პირადი ნომრით ანგარიში უკვე არსებობს').waitFor();
    expect(await page.getByLabel('ტელეფონის ნომერი').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'პაროლის აღდგენა' }).click();
    await waitForPath(page, '/restore-password');
    await page.goBack();
    await page.getByRole('link', { name: 'ანგარიშზე შესვლა' }).click();
    await waitForPath(page, '/login');
    await logIn(page, customer.phone, customer.password);
    await expectSignedInAs(page, customer);
  });

  test('a signed-in customer opening /login or /register goes to their pages', async ({ page }) => {
    const customer = await register(page);
    for (const guestPage of ['/login', '/register']) {
      await page.goto(guestPage);
      await page.waitForURL((url) => url.pathname !== guestPage);
      await expectSignedInAs(page, customer);
    }
    // Not SDA-verified yet: /main's guard sends a new customer on to the consent.
    expect(pathOf(page)).toBe('/sda-checking');
  });

  test('an expired session says why on /login', async ({ page }) => {
    const customer = await register(page);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('user', JSON.stringify({ ...user, expireMinutes: Date.now() - 1000 }));
    });
    await page.goto('/main');
    await waitForPath(page, '/login');
    await page.getByText('თქვენი სესიის ვადა ამოიწურა. გთხოვთ, შეხვიდეთ ხელახლა.').waitFor();
    await expectNoAxeViolations(page);
    await logIn(page, customer.phone, customer.password);
    await expectSignedInAs(page, customer);
  });

  test('changing the password logs out without a console error', async ({ page }) => {
    const customer = await onboardThroughApi(page);
    const errors = consoleErrors(page);
    await page.goto('/change-password');
    const newPassword = 'შემოდგომის გრილი ქარი';
    await page.getByLabel('ახალი პაროლი', { exact: true }).fill(newPassword);
    await page.getByLabel('გაიმეორეთ პაროლი', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'პაროლის შეცვლა' }).click();
    await waitForPath(page, '/login');
    await expectNotification(page, 'success', 'პაროლი შეიცვალა. გთხოვთ, შეხვიდეთ ახალი პაროლით.');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await logIn(page, customer.phone, newPassword);
    await expectSignedInAs(page, customer);
  });

  test('a 13-digit phone is refused under the field, not cut', async ({ page }) => {
    await page.goto('/login');
    const phone = page.getByLabel('ტელეფონის ნომერი');
    await phone.fill('5991234567890');
    expect(await phone.inputValue()).toBe('5991234567890');
    await page.getByText('ნომერი ძალიან გრძელია').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
  });
});

/** /register's SSO step through the provider as an existing customer. */
async function signInAt(page: Page, customer: Customer): Promise<void> {
  await page.goto('/register');
  await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
  await signInAtProvider(page, customer);
  await waitForPath(page, '/register');
}
