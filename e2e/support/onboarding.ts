import { formatTimestamp } from '@sesxi/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { logIn, logOut, newCustomer, register, type Customer } from './accounts.ts';

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** What a journey types into the questionnaire: amounts the way Georgians write them. */
export interface QuestionnaireEntries {
  city: string;
  address: string;
  organisation: string;
  position: string;
  salary: string;
  monthlyExpenses: string;
  totalLiabilities: string;
  /** Ticks "I receive money transfers" and types this average. */
  transfer?: string;
}

export const questionnaireEntries: QuestionnaireEntries = {
  city: 'ქუთაისი',
  address: 'რუსთაველის გამზირი 5',
  organisation: 'შპს მაგალითი',
  position: 'ბუღალტერი',
  salary: '1 250,50',
  monthlyExpenses: '400',
  totalLiabilities: '0',
  transfer: '150,5',
};

/** On /sda-checking: ticks the agreement and continues. */
export async function agreeToSdaCheck(page: Page): Promise<void> {
  await page.getByLabel('ვეთანხმები პერსონალური მონაცემების შემოწმებას').check();
  await page.getByRole('button', { name: 'გაგრძელება' }).click();
}

/** Fills in the questionnaire form on screen, without sending it. */
export async function fillInQuestionnaire(
  page: Page,
  entries: QuestionnaireEntries = questionnaireEntries,
): Promise<void> {
  await page.getByLabel('ქალაქი').selectOption({ label: entries.city });
  await page.getByLabel('მისამართი').fill(entries.address);
  await page.getByLabel('ორგანიზაცია').fill(entries.organisation);
  await page.getByLabel('თანამდებობა').fill(entries.position);
  await page.getByLabel('ხელფასი').fill(entries.salary);
  await page.getByLabel('ყოველთვიური ხარჯები').fill(entries.monthlyExpenses);
  await page.getByLabel('ჯამური ფინანსური ვალდებულებები').fill(entries.totalLiabilities);
  if (entries.transfer !== undefined) {
    await page.getByLabel('ვიღებ ფულად გზავნილებს').check();
    await page.getByLabel('საშუალო თვიური გზავნილი').fill(entries.transfer);
  }
}

/**
 * Registers a new customer and walks the onboarding screens: SDA consent, the questionnaire,
 * and on to the personal page (the customer's personal number must not end in 91 or 92).
 */
export async function completeOnboarding(page: Page, customer = newCustomer()): Promise<Customer> {
  await register(page, customer);
  await waitForPath(page, '/sda-checking');
  await agreeToSdaCheck(page);
  await waitForPath(page, '/questionnaire');
  await fillInQuestionnaire(page);
  await page.getByRole('button', { name: 'გაგრძელება' }).click();
  await waitForPath(page, '/main');
  return customer;
}

interface StoredUser {
  apiToken: string;
}

export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null') as StoredUser | null,
  );
  if (!user) throw new Error('no signed-in user in the browser');
  return { Authorization: `Bearer ${user.apiToken}`, 'X-Requested-With': 'XMLHttpRequest' };
}

/**
 * A quicker precondition for journeys that start after onboarding: registers through the screens,
 * gives the SDA consent and files a questionnaire through the API (with `salary`, 1 250,50 ₾ by
 * default), then signs in again and lands on the personal page.
 */
export async function onboardThroughApi(
  page: Page,
  customer = newCustomer(),
  { salary = 1250.5 }: { salary?: number } = {},
): Promise<Customer> {
  await register(page, customer);
  const headers = await apiHeaders(page);

  const info = await page.request.get('/api/sda-checking', { headers });
  const { sda_info_text } = (await info.json()) as { sda_info_text: string };
  const consent = await page.request.post('/api/sda-checking', {
    headers,
    data: {
      sda_agreed_at: formatTimestamp(new Date()),
      is_sda_verified: true,
      sda_agreement_text: sda_info_text,
    },
  });
  expect(await consent.json()).toEqual({ status: 'success' });

  const lookups = await page.request.get('/api/questionnaires/create', { headers });
  const { cities } = (await lookups.json()) as { cities: { id: number }[] };
  const saved = await page.request.post('/api/questionnaires', {
    headers,
    data: {
      city_id: cities[0]?.id,
      address: questionnaireEntries.address,
      organisation_name: questionnaireEntries.organisation,
      position: questionnaireEntries.position,
      salary,
      monthly_expenses: 400,
      total_financial_liability: 0,
      is_political_active: 0,
      is_individual_entrepreneur: 0,
    },
  });
  expect(saved.status()).toBe(200);

  // Signing in again brings the server's record of the user, past both gates, to the browser.
  await logOut(page, customer);
  await logIn(page, customer.phone, customer.password);
  await waitForPath(page, '/main');
  await page.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
  return customer;
}
