import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { logIn, newCustomer, type Customer } from './accounts.ts';
import { waitForPath } from './onboarding.ts';

/** The sandbox seed's support account (sandbox.md). */
export const supportStaff = {
  phone: '599000001',
  password: 'Support-2026',
  fullName: 'თამარ ლომიძე',
};

/** A new customer whose personal number picks a sandbox outcome (sandbox.md: 93, 94, …). */
export function customerEnding(lastTwoDigits: string): Customer {
  return {
    ...newCustomer(),
    personalNumber: `${String(randomInt(1_000_000_000)).padStart(9, '0')}${lastTwoDigits}`,
  };
}

/**
 * On /main: starts the document check, finishes it on the sandbox's page (Identomat's widget
 * in production) and follows the provider's redirect back to /main.
 */
export async function verifyDocument(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'დოკუმენტის შემოწმების დაწყება' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dev-identomat/'));
  await page.getByRole('button', { name: 'შემოწმების დასრულება' }).click();
  await waitForPath(page, '/main');
}

/** Signs in with the support account and opens the user table from the account menu. */
export async function signInAsSupport(page: Page): Promise<void> {
  await page.goto('/login');
  await logIn(page, supportStaff.phone, supportStaff.password);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: supportStaff.fullName }).click();
  await banner.getByRole('menuitem', { name: 'მომხმარებლები' }).click();
  await waitForPath(page, '/checking');
}

/** The sandbox seed's first credit officer (sandbox.md). */
export const creditOfficer = { phone: '599000002', password: 'Credit-2026' };

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The credit officer signs in through the API, takes the submitted application `id` into
 * review, hands `decide` the headers to decide it with, and signs out.
 */
async function decideThroughApi<T>(
  page: Page,
  id: number,
  decide: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const login = await page.request.post('/api/login', { headers: xhr, data: creditOfficer });
  const { user } = (await login.json()) as { user: { apiToken: string } };
  const headers = { ...xhr, Authorization: `Bearer ${user.apiToken}` };
  const taken = await page.request.post(`/api/applications/${String(id)}/review`, {
    headers,
    data: {},
  });
  expect(taken.status()).toBe(200);
  try {
    return await decide(headers);
  } finally {
    await page.request.post('/api/logout', { headers });
  }
}

/**
 * The credit officer rejects the submitted application `id` for `reasonCodes`, through the API
 * (the officer's screens have a journey of their own); answers the decision's time as the
 * screens write it (YYYY-MM-DD HH:mm).
 */
export function rejectThroughApi(page: Page, id: number, reasonCodes: string[]): Promise<string> {
  return decideThroughApi(page, id, async (headers) => {
    const rejected = await page.request.post(`/api/applications/${String(id)}/reject`, {
      headers,
      data: { reason_codes: reasonCodes, note: 'შიდა შენიშვნა' },
    });
    const { decision } = (await rejected.json()) as { decision: { decided_at: string } };
    return decision.decided_at.slice(0, 16);
  });
}

/**
 * The credit officer approves the submitted application `id` on `terms` (at most 10 000 ₾, so
 * that no second officer is needed), through the API.
 */
export function approveThroughApi(
  page: Page,
  id: number,
  terms: { amount: number; months: number },
): Promise<void> {
  return decideThroughApi(page, id, async (headers) => {
    const approved = await page.request.post(`/api/applications/${String(id)}/approve`, {
      headers,
      data: terms,
    });
    expect(await approved.json()).toMatchObject({ decision: { state: 'approved' } });
  });
}
