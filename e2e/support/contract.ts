import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { textSentBy, type Customer } from './accounts.ts';
import { expectNoAxeViolations } from './fixtures.ts';
import { submitApplication } from './loans.ts';
import { waitForPath } from './onboarding.ts';
import { approveThroughApi, verifyDocument } from './support.ts';

// The contract screen's steps, shared by the journeys that sign a contract.

/** Amounts as the screens write them: no-break spaces, the sign after. */
export const nbsp = '\u00a0';

/** A valid Georgian IBAN (the National Bank's example), typed in groups as on a bank card. */
const iban = 'GE29 NB00 0000 0101 9049 17';
export const ibanAsStored = 'GE29NB0000000101904917';

/**
 * The six-digit code of a signing or withdrawal text. The text also names the contract, whose
 * number may end in six digits: it is taken out first.
 */
export function signingCodeIn(text: string, contractNumber: string): string {
  const codes = text.replaceAll(contractNumber, '').match(/\b\d{6}\b/g) ?? [];
  if (codes.length !== 1) throw new Error(`no single six-digit code in the text “${text}”`);
  return codes[0];
}

/** The value of a term on the screen's key-terms sheet. */
export async function keyTerm(page: Page, term: string): Promise<string | null> {
  return page
    .getByRole('region', { name: 'ხელშეკრულების მნიშვნელოვანი პირობები' })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd')
    .textContent();
}

/**
 * A customer whose application the officer approved, with the document check passed, on the
 * contract screen from /main's call to action; answers the application's id.
 */
export async function approvedCustomerOnContract(page: Page, customer: Customer): Promise<number> {
  const id = await submitApplication(page, customer, { amount: '2000', months: '12' });
  // Only a customer whose identity document passed the check may sign.
  await verifyDocument(page);
  await approveThroughApi(page, id, { amount: 2000, months: 12 });
  await page.reload();
  const next = page.getByRole('region', {
    name: `განაცხადი №${String(id)}: 2000,00${nbsp}₾, 12 თვე`,
  });
  await next.getByText('განაცხადი დამტკიცებულია.', { exact: false }).waitFor();
  await expectNoAxeViolations(page);
  await next.getByRole('link', { name: 'ხელშეკრულების ხელმოწერა' }).click();
  await waitForPath(page, `/loans/${String(id)}/contract`);
  await page.getByText('სტატუსი: ხელმოსაწერი').waitFor();
  return id;
}

/** Chooses the payment day and the account, and saves them (the server recomputes). */
export async function chooseDayAndAccount(page: Page, day: string): Promise<void> {
  await page.getByLabel('ყოველთვიური გადახდის დღე').selectOption(day);
  await page.getByLabel('ანგარიშის ნომერი (IBAN)').fill(iban);
  await page.getByRole('button', { name: 'შენახვა და გადაანგარიშება' }).click();
  await page.getByText('შენახულია: ხელშეკრულების პირობები ხელახლა გაანგარიშდა.').waitFor();
}

/** In `region`: asks for a code, types the one the text brought and presses `confirm`. */
export async function confirmWithCode(
  page: Page,
  customer: Customer,
  regionName: string,
  contractNumber: string,
  confirm: string,
): Promise<void> {
  const region = page.getByRole('region', { name: regionName });
  const send = region.getByRole('button', { name: 'კოდის გაგზავნა' });
  await expect.poll(() => send.isEnabled()).toBe(true);
  const text = await textSentBy(page, customer.phone, () => send.click());
  await region.getByLabel('კოდი', { exact: true }).fill(signingCodeIn(text, contractNumber));
  await region.getByRole('button', { name: confirm }).click();
}

/**
 * A customer's loan signed and paid out by the sandbox bank (which pays at once), the customer
 * back on /main; answers the loan's id.
 */
export async function activeLoanOnMain(page: Page, customer: Customer): Promise<number> {
  const id = await approvedCustomerOnContract(page, customer);
  const contractNumber = (await keyTerm(page, 'ხელშეკრულების ნომერი')) ?? '';
  await chooseDayAndAccount(page, '20');
  await confirmWithCode(page, customer, 'ხელმოწერა SMS კოდით', contractNumber, 'ხელმოწერა');
  await page
    .getByRole('region', { name: 'თანხის ჩარიცხვა' })
    .getByText(`თანხა ჩაირიცხა ანგარიშზე ${ibanAsStored}.`)
    .waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: 'პირად გვერდზე გადასვლა' }).click();
  await waitForPath(page, '/main');
  return id;
}
