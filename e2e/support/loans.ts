import type { Page } from 'playwright-core';
import { pdfFile } from '../../apps/server/src/test/tiny-files.ts';
import type { Customer } from './accounts.ts';
import { apiHeaders, onboardThroughApi, waitForPath } from './onboarding.ts';

/** What a journey types into the loan form: the amount the way Georgians write it. */
export interface LoanEntries {
  amount: string;
  months: string;
  purpose: string;
  file: { name: string; mimeType: string; buffer: Buffer };
}

export const loanEntries: LoanEntries = {
  amount: '2 500,50',
  months: '12',
  purpose: 'სწავლის საფასური',
  file: { name: 'ამონაწერი.pdf', mimeType: 'application/pdf', buffer: pdfFile(4096) },
};

/** The application steps' paths, as the address bar shows them. */
export const stepPaths = {
  review: (id: number) => `/questionnaire-review/${id}`,
  edit: (id: number) => `/loan-edit/${id}`,
  consent: (id: number) => `/credit-info/${id}`,
  identification: (id: number) => `/credit-info/${id}/identification`,
};

export async function fillInLoanForm(page: Page, entries: Partial<LoanEntries> = loanEntries) {
  if (entries.amount !== undefined) await page.getByLabel('თანხა').fill(entries.amount);
  if (entries.months !== undefined) await page.getByLabel('ვადა (თვე)').fill(entries.months);
  if (entries.purpose !== undefined) {
    await page.getByLabel('სესხის მიზანი').selectOption({ label: entries.purpose });
  }
  if (entries.file !== undefined) {
    await page.getByLabel('საბანკო ამონაწერი').setInputFiles(entries.file);
  }
}

/** The application id in the address bar of any step after the form. */
export function loanIdIn(page: Page): number {
  const id = /\/(?:questionnaire-review|loan-edit|credit-info)\/(\d+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`no application id in ${page.url()}`);
  return Number(id);
}

/** From /main: the form filled in and sent; answers the new application's id. */
export async function startApplication(page: Page, entries = loanEntries): Promise<number> {
  await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
  await waitForPath(page, '/loan');
  await fillInLoanForm(page, entries);
  await page.getByRole('button', { name: 'გაგრძელება' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/questionnaire-review/'));
  return loanIdIn(page);
}

/** On the questionnaire review: saves the prefilled questionnaire and goes on to the consent. */
export async function confirmQuestionnaire(page: Page, id: number): Promise<void> {
  await page.getByLabel('ხელფასი').waitFor();
  await page.getByRole('button', { name: 'გაგრძელება' }).click();
  await waitForPath(page, stepPaths.consent(id));
}

/** On the consent screen: ticks the consent and goes on to identification. */
export async function giveCreditConsent(page: Page, id: number): Promise<void> {
  await page.getByLabel('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას').check();
  await page.getByRole('button', { name: 'გაგრძელება' }).click();
  await waitForPath(page, stepPaths.identification(id));
}

/** On the identification step: single sign-on at the sandbox provider as `identity`. */
export async function identifyWithSso(page: Page, identity: Customer): Promise<void> {
  await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
  await page.waitForURL(/\/dev-idp\//);
  await page.locator('input[name="personal_number"]').fill(identity.personalNumber);
  await page.locator('input[name="name"]').fill(identity.name);
  await page.locator('input[name="surname"]').fill(identity.surname);
  await page.locator('button[name="action"][value="approve"]').click();
}

export interface ApplicationRow {
  amount: string;
  months: string;
  monthlyPayment: string;
  effectiveRate: string;
  status: string;
}

/**
 * The applications on /main, newest first, read by their field names: from the cards a phone
 * shows (each field a term and its value), or from the table wider screens show.
 */
export async function applicationRows(page: Page): Promise<ApplicationRow[]> {
  const table = page.getByRole('table', { name: 'ჩემი განაცხადები' });
  const cards = page.getByRole('list', { name: 'ჩემი განაცხადები' });
  await table.or(cards).waitFor();
  const entries: Record<string, string>[] = [];
  if (await cards.isVisible()) {
    for (const card of await cards.getByRole('listitem').all()) {
      const names = await card.locator('dt').allTextContents();
      const values = await card.locator('dd').allTextContents();
      entries.push(Object.fromEntries(names.map((name, index) => [name, values[index] ?? ''])));
    }
  } else {
    const headers = await table.getByRole('columnheader').allTextContents();
    for (const row of (await table.getByRole('row').all()).slice(1)) {
      const cells = await row.getByRole('cell').allTextContents();
      entries.push(Object.fromEntries(headers.map((name, index) => [name, cells[index] ?? ''])));
    }
  }
  return entries.map((entry) => ({
    amount: entry['მოთხოვნილი თანხა'] ?? '',
    months: entry['მოთხოვნილი ვადა'] ?? '',
    monthlyPayment: entry['ყოველთვიური შენატანი'] ?? '',
    effectiveRate: entry['ეფექტური განაკვეთი'] ?? '',
    status: entry['სტატუსი'] ?? '',
  }));
}

/**
 * Cancels (or withdraws) the application through its red button and the dialog that asks
 * first: `keep` answers no first, leaving it as it is.
 */
export async function cancelApplication(
  page: Page,
  button: 'განაცხადის გაუქმება' | 'განაცხადის გამოთხოვა' = 'განაცხადის გაუქმება',
): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page
    .getByRole('dialog', { name: button })
    .getByRole('button', { name: 'დიახ, გააუქმეთ' })
    .click();
}

/** The one-time notification: a success is a status, anything else an alert. */
export async function expectNotification(
  page: Page,
  type: 'success' | 'error',
  text: string,
): Promise<void> {
  await page
    .getByRole('main')
    .getByRole(type === 'success' ? 'status' : 'alert')
    .filter({ hasText: text })
    .waitFor();
}

/**
 * A draft application made as the /loan screen makes it (multipart, each field JSON-encoded,
 * the file raw), for journeys that start at a later step; answers its id.
 */
export async function createApplicationThroughApi(page: Page): Promise<number> {
  const headers = await apiHeaders(page);
  const options = (await (await page.request.get('/api/loans', { headers })).json()) as {
    purposes: { id: number }[];
  };
  const response = await page.request.post('/api/loans', {
    headers,
    multipart: {
      amount: JSON.stringify('1500'),
      months: JSON.stringify(6),
      loan_purpose_id: JSON.stringify(options.purposes[0]?.id),
      file: loanEntries.file,
    },
  });
  const body = (await response.json()) as { id?: number };
  if (body.id === undefined)
    throw new Error(`creating the application failed: ${JSON.stringify(body)}`);
  return body.id;
}

/**
 * A customer with a 6 000 ₾ salary who applies for `terms` and goes all the way to
 * submission (questionnaire, credit consent, identification), back on /main.
 */
export async function submitApplication(
  page: Page,
  customer: Customer,
  terms: Pick<LoanEntries, 'amount' | 'months'>,
): Promise<number> {
  await onboardThroughApi(page, customer, { salary: 6000 });
  const id = await startApplication(page, { ...loanEntries, ...terms });
  await confirmQuestionnaire(page, id);
  await giveCreditConsent(page, id);
  await identifyWithSso(page, customer);
  await waitForPath(page, '/main');
  return id;
}
