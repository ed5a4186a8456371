import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A mobile number no other test uses: 5 and eight random digits. */
export function freshPhone(): string {
  return `5${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/**
 * A personal number for a new identity (one account per personal number). Its last two digits
 * pick what the sandboxed services answer (sandbox.md: 91–94 pick failures, 00 is success).
 */
export function freshPersonalNumber(lastTwoDigits = '00'): string {
  return `${String(randomInt(1_000_000_000)).padStart(9, '0')}${lastTwoDigits}`;
}

interface SmsOutbox {
  messages: { phone: string; text: string; created_at: string }[];
}

/** The texts the sandbox outbox holds for `phone`, newest first. */
export async function textsTo(page: Page, phone: string): Promise<string[]> {
  const response = await page.request.get(`/api/dev/sms-outbox?phone=${phone}`);
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as SmsOutbox;
  return messages.map((message) => message.text);
}

/**
 * Runs `action`, then waits for the text it makes the product send to `phone` and returns it
 * (the sandbox outbox lists the newest first).
 */
export async function textSentBy(
  page: Page,
  phone: string,
  action: () => Promise<void>,
): Promise<string> {
  const before = (await textsTo(page, phone)).length;
  await action();
  let texts: string[] = [];
  await expect
    .poll(
      async () => {
        texts = await textsTo(page, phone);
        return texts.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(before);
  return texts[0] ?? '';
}

/** The four-digit code of a text. */
export function codeIn(text: string): string {
  const code = /\b(\d{4})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the text “${text}”`);
  return code;
}

/** The password a restore text ends with. */
export function passwordIn(text: string): string {
  const password = /(\S+)\s*$/.exec(text)?.[1];
  if (!password) throw new Error(`no password in the text “${text}”`);
  return password;
}

export interface Customer {
  phone: string;
  password: string;
  name: string;
  surname: string;
  personalNumber: string;
}

export function newCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    phone: freshPhone(),
    password: 'ზამთრის მზიანი დილა',
    name: 'თამარ',
    surname: 'ჯაფარიძე',
    personalNumber: freshPersonalNumber(),
    ...overrides,
  };
}

/** From /register's first step through the sandbox provider back to the personal-data form. */
export async function signInWithSso(page: Page, customer: Customer): Promise<void> {
  await page.goto('/register');
  await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
  await page.waitForURL(/\/dev-idp\//);
  await page.locator('input[name="personal_number"]').fill(customer.personalNumber);
  await page.locator('input[name="name"]').fill(customer.name);
  await page.locator('input[name="surname"]').fill(customer.surname);
  await page.locator('button[name="action"][value="approve"]').click();
  await page.waitForURL((url) => url.pathname === '/register');
  await page.getByRole('heading', { level: 2, name: 'პირადი მონაცემები' }).waitFor();
}

/** Types the phone, asks for a code and returns the code the outbox received. */
export async function requestCode(page: Page, phone: string): Promise<string> {
  await page.getByLabel('ტელეფონის ნომერი').fill(phone);
  const send = page.getByRole('button', { name: 'კოდის გაგზავნა' });
  await expect.poll(() => send.isEnabled()).toBe(true);
  return codeIn(await textSentBy(page, phone, () => send.click()));
}

export async function confirmPhone(page: Page, phone: string): Promise<void> {
  const code = await requestCode(page, phone);
  await page.getByLabel('კოდი', { exact: true }).fill(code);
  await page.getByRole('status').getByText('ტელეფონის ნომერი დადასტურებულია').waitFor();
}

/** Fills in the personal-data form after SSO and registers; the customer is then signed in. */
export async function completeRegistration(page: Page, customer: Customer): Promise<void> {
  await page.getByLabel('დოკუმენტის ტიპი').selectOption({ label: 'პირადობის მოწმობა' });
  await page.getByLabel('დოკუმენტის ნომერი').fill('AB1234567');
  await confirmPhone(page, customer.phone);
  await page.getByLabel('პაროლი', { exact: true }).fill(customer.password);
  await page.getByLabel('გაიმეორეთ პაროლი', { exact: true }).fill(customer.password);
  await page.getByLabel('ვეთანხმები კონფიდენციალურობის პოლიტიკას').check();
  await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).click();
  await expectSignedInAs(page, customer);
}

export async function register(page: Page, customer = newCustomer()): Promise<Customer> {
  await signInWithSso(page, customer);
  await completeRegistration(page, customer);
  return customer;
}

export async function expectSignedInAs(page: Page, customer: Customer): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `${customer.name} ${customer.surname}` })
    .waitFor();
}

/** Logs out from the header's account menu. */
export async function logOut(page: Page, customer: Customer): Promise<void> {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: `${customer.name} ${customer.surname}` }).click();
  await banner.getByRole('menuitem', { name: 'გასვლა' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('banner').getByRole('link', { name: 'შესვლა' }).waitFor();
}

export async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.getByLabel('ტელეფონის ნომერი').fill(phone);
  await page.getByLabel('პაროლი', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'შესვლა', exact: true }).click();
}
