import {
  computeOffer,
  formatTimestamp,
  representativeLoanTerms,
  standardLoanProduct,
} from '@sesxi/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { confirmPhone, newCustomer, type Customer } from '../support/accounts.ts';
import { waitingForTheApp } from '../support/app-started.ts';
import { browserOf, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { loanEntries } from '../support/loans.ts';
import { agreeToSdaCheck, fillInQuestionnaire, waitForPath } from '../support/onboarding.ts';

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

const percent = (rate: number) => `${rate.toFixed(2).replace('.', ',')}%`;

/** The value a description list shows for one of its terms. */
function shown(list: Locator, term: string): Promise<string | null> {
  return list
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]')
    .first()
    .textContent();
}

/** The little of the DOM these checks use (this project's TypeScript for tests has no DOM types). */
interface Box {
  scrollWidth: number;
  clientWidth: number;
}
interface Shown extends Box {
  getBoundingClientRect(): { width: number };
  checkVisibility(): boolean;
}
interface Dom {
  document: { documentElement: Box; activeElement: unknown };
}

/** Nothing wider than the viewport: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = (globalThis as unknown as Dom).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('the element is not shown');
  return found;
}

/** The header's account button shows the user whole: initials on a phone, the name on a desktop. */
async function expectHeaderName(page: Page, customer: Customer) {
  const fullName = `${customer.name} ${customer.surname}`;
  const button = page.getByRole('banner').getByRole('button', { name: fullName });
  await button.waitFor();
  const viewport = page.viewportSize();
  const { x, width } = await box(button);
  expect(x + width).toBeLessThanOrEqual(viewport?.width ?? 0);
  // Whatever text the button shows fits inside it: nothing is cut off with an ellipsis (the
  // visually hidden full name, one pixel wide, is for screen readers).
  const cut = await button.evaluate((element) =>
    Array.from(
      (
        element as unknown as { querySelectorAll(selector: string): Iterable<Shown> }
      ).querySelectorAll('span'),
    ).some(
      (span) =>
        span.checkVisibility() &&
        span.getBoundingClientRect().width > 1 &&
        span.scrollWidth > span.clientWidth + 1,
    ),
  );
  expect(cut).toBe(false);

  await button.click();
  const menu = page.getByRole('banner').getByRole('menu');
  await menu.getByText(fullName, { exact: true }).waitFor();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

describe('looks: the screens at 360 px and at 1280 px', () => {
  test('the home page says what is offered, with its effective rate, and where to start', async ({
    page,
  }) => {
    const today = formatTimestamp(new Date()).slice(0, 10);
    const example = computeOffer(standardLoanProduct, representativeLoanTerms, today);
    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).waitFor();
      await main.getByRole('region', { name: 'რას გთავაზობთ' }).getByText('3 – 48 თვე').waitFor();
      const representative = main.getByRole('region', { name: 'რეპრეზენტატიული მაგალითი' });
      expect(await shown(representative, 'ეფექტური წლიური საპროცენტო განაკვეთი')).toBe(
        percent(example.effective_rate),
      );
      // The steps are the lender's text (content `home`), as seeded.
      await main.getByRole('heading', { level: 2, name: 'როგორ მუშაობს' }).waitFor();
      expect(await main.locator('[data-content="home"]').getByRole('listitem').count()).toBe(5);
      await main.getByRole('link', { name: 'რეგისტრაცია' }).first().waitFor();
      await main.getByRole('link', { name: 'შესვლა' }).first().waitFor();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    }
  });

  test('a customer: SSO sandbox, SDA consent, header name, document-check sandbox, the loan form in two columns', async ({
    page,
  }) => {
    const customer = newCustomer({ name: 'ალექსანდრე', surname: 'ჩიქოვანი-მესხიშვილი' });

    // The sandbox SSO provider's page, on a phone and on a desktop.
    await page.goto('/register');
    await page.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
    await page.waitForURL(/\/dev-idp\//);
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await page.setViewportSize(phone);

    await page.getByRole('textbox', { name: 'პირადი ნომერი' }).waitFor();
    await page.locator('input[name="personal_number"]').fill(customer.personalNumber);
    await page.locator('input[name="name"]').fill(customer.name);
    await page.locator('input[name="surname"]').fill(customer.surname);
    await page.locator('button[name="action"][value="approve"]').click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByRole('heading', { level: 2, name: 'პირადი მონაცემები' }).waitFor();
    // Green success texts: the SSO notification, then the confirmed phone's status.
    await expectNoAxeViolations(page);
    await page.getByLabel('დოკუმენტის ტიპი').selectOption({ label: 'პირადობის მოწმობა' });
    await page.getByLabel('დოკუმენტის ნომერი').fill('AB1234567');
    await confirmPhone(page, customer.phone);
    await expectNoAxeViolations(page);
    await page.getByLabel('პაროლი', { exact: true }).fill(customer.password);
    await page.getByLabel('გაიმეორეთ პაროლი', { exact: true }).fill(customer.password);
    await page.getByLabel('ვეთანხმები კონფიდენციალურობის პოლიტიკას').check();
    await page.getByRole('button', { name: 'რეგისტრაცია', exact: true }).click();
    await waitForPath(page, '/sda-checking');
    // The SDA wording in paragraphs, like the credit-information consent's.
    const paragraphs = page.getByRole('main').locator('[lang="ka"] p');
    await paragraphs.first().waitFor();
    expect(await paragraphs.count()).toBeGreaterThan(1);
    await expectNoAxeViolations(page);
    await agreeToSdaCheck(page);
    await waitForPath(page, '/questionnaire');
    await fillInQuestionnaire(page);
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await waitForPath(page, '/main');

    await expectHeaderName(page, customer);

    // The sandbox document check's page.
    await page.getByRole('button', { name: 'დოკუმენტის შემოწმების დაწყება' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dev-identomat/'));
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await page.setViewportSize(phone);
    await page.getByRole('button', { name: 'შემოწმების დასრულება' }).click();
    await waitForPath(page, '/main');

    // The loan form on a phone: one column, the file field in Georgian.
    await page.getByRole('link', { name: 'ახალი განაცხადი' }).click();
    await waitForPath(page, '/loan');
    const amount = page.getByLabel('თანხა');
    await amount.fill('1000');
    await page.getByLabel('ვადა (თვე)').fill('12');
    const panel = page.getByRole('region', { name: 'სესხის გაანგარიშება' });
    await panel.getByText('ყოველთვიური შენატანი').waitFor();
    const file = page.getByLabel('საბანკო ამონაწერი');
    const main = page.getByRole('main');
    await main.getByText('ფაილის არჩევა', { exact: true }).waitFor();
    await main.getByText('ფაილი არჩეული არ არის', { exact: true }).waitFor();
    await file.focus();
    expect(
      await file.evaluate(
        (input) => input === (globalThis as unknown as Dom).document.activeElement,
      ),
    ).toBe(true);
    await file.setInputFiles(loanEntries.file);
    await main.getByText('არჩეული ფაილი: ამონაწერი.pdf', { exact: true }).waitFor();
    expect((await box(panel)).y).toBeGreaterThan((await box(amount)).y);
    expect(Math.abs((await box(panel)).x - (await box(amount)).x)).toBeLessThan(24);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // On a desktop: the offer beside the fields, and the name itself in the header.
    await page.setViewportSize(desktop);
    await expect
      .poll(async () => (await box(panel)).x)
      .toBeGreaterThan((await box(amount)).x + (await box(amount)).width);
    expect((await box(panel)).y).toBeLessThan((await box(amount)).y + (await box(amount)).height);
    await expectNoAxeViolations(page);
    await expectHeaderName(page, customer);
  });

  test('links and buttons keep their contrast under a mouse pointer (header, sandbox page)', async ({
    page,
  }) => {
    // A desktop with a mouse: the phone's touch screen has no hover styles to judge.
    const browser = browserOf(page);
    const context = await browser.newContext({
      viewport: desktop,
      locale: 'ka-GE',
      timezoneId: 'Asia/Tbilisi',
      baseURL: inject('baseURL'),
    });
    try {
      const desk = waitingForTheApp(await context.newPage());
      await desk.goto('/');
      const banner = desk.getByRole('banner');
      for (const name of ['რეგისტრაცია', 'English']) {
        await banner.getByRole(name === 'English' ? 'button' : 'link', { name }).hover();
        await expectNoAxeViolations(desk);
      }

      await desk.goto('/register');
      await desk.getByRole('button', { name: 'SSO ავტორიზაცია' }).click();
      await desk.waitForURL(/\/dev-idp\//);
      for (const button of ['შესვლა', 'უარყოფა']) {
        await desk.getByRole('button', { name: button, exact: true }).hover();
        await expectNoAxeViolations(desk);
      }
      await desk.locator('.identities button').first().hover();
      await expectNoAxeViolations(desk);
    } finally {
      await context.close();
    }
  });

  test('the home page in English', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    const main = page.getByRole('main');
    await main.getByRole('region', { name: 'What we offer' }).waitFor();
    await main.getByRole('region', { name: 'Representative example' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
