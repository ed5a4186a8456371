import { describe, expect } from 'vitest';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';

describe('a visitor opens the home page on a phone', () => {
  test('sees the Georgian shell with contact data from the server', async ({ page }) => {
    await page.goto('/');

    expect(await page.locator('html').getAttribute('lang')).toBe('ka');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^მთავარი — Sesxi$/);

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'შესვლა' }).waitFor();
    await header.getByRole('link', { name: 'რეგისტრაცია' }).waitFor();

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: '+995 32 2 47 47 47' }).waitFor();
    expect(await footer.getByRole('link', { name: 'info@sesxi.ge' }).getAttribute('href')).toBe(
      'mailto:info@sesxi.ge',
    );
    for (const branch of ['თბილისის ფილიალი', 'გორის ფილიალი', 'ქუთაისის ფილიალი']) {
      await footer.getByText(branch).waitFor();
    }

    await expectNoAxeViolations(page);
  });

  test('opens the side menu with the branch panel, and navigation closes it', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'მენიუ', exact: true });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    await burger.click();
    const menu = page.getByRole('dialog', { name: 'მენიუ' });
    await menu.waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await menu.getByText('ილია ჭავჭავაძის გამზირი 37').waitFor();
    await menu.getByText('ორშაბათი – პარასკევი').first().waitFor();
    await menu.getByRole('link', { name: 'Facebook' }).waitFor();
    await expectNoAxeViolations(page);

    await menu.getByRole('link', { name: 'მომხმარებელთა უფლებების დაცვა' }).click();
    await menu.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/claims');
    await page.getByRole('heading', { level: 1, name: 'მომხმარებელთა უფლებების დაცვა' }).waitFor();
    expect(await page.title()).toBe('მომხმარებელთა უფლებების დაცვა — Sesxi');
    await expectNoAxeViolations(page);
  });

  test('switches to English and keeps the choice after a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  test('a deep link loads the app, not a server error', async ({ page }) => {
    const response = await page.goto('/no-such-section/2026/5');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'გვერდი ვერ მოიძებნა' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
  });
});
