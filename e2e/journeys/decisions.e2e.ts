import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { waitingForTheApp } from '../support/app-started.ts';
import { browserOf, expectNoAxeViolations, phoneContext, test } from '../support/fixtures.ts';
import { applicationRows, submitApplication } from '../support/loans.ts';
import { waitForPath } from '../support/onboarding.ts';
import { customerEnding, supportStaff } from '../support/support.ts';

const officers = {
  first: { phone: '599000002', password: 'Credit-2026', fullName: 'გიორგი მჭედლიძე' },
  second: { phone: '599000003', password: 'Credit-2026', fullName: 'ნატო ჩიქოვანი' },
};

/** The little of the DOM the sideways scroll needs (this project's test TypeScript has no DOM types). */
interface Scrollable {
  closest(selector: string): { scrollLeft: number } | null;
}

/** Amounts as the screens and texts write them: no-break spaces, the sign after. */
const nbsp = '\u00a0';

/** A fresh phone-sized browser context for a staff member, signed in on their landing page. */
async function staffPage(
  browser: Browser,
  staff: { phone: string; password: string },
  landing: string,
): Promise<Page> {
  const context = await phoneContext(browser);
  const page = waitingForTheApp(await context.newPage());
  await page.goto('/login');
  await logIn(page, staff.phone, staff.password);
  await waitForPath(page, landing);
  return page;
}

/** Opens an application from the queue; reloads until the bureau's report is in. */
async function openFromQueue(page: Page, id: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'განაცხადები' }).waitFor();
  await page.getByRole('link', { name: `განაცხადი № ${String(id)}` }).click();
  await waitForPath(page, `/applications/${String(id)}`);
  await page.getByRole('heading', { level: 1, name: `განაცხადი № ${String(id)}` }).waitFor();
  const bureau = page.getByRole('region', { name: 'საკრედიტო ბიუროს ანგარიში' });
  await expect
    .poll(
      async () => {
        if (await bureau.getByRole('table').count()) return true;
        await page.reload();
        await bureau.waitFor();
        return false;
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBe(true);
}

async function textsTo(page: Page, phone: string): Promise<string[]> {
  const response = await page.request.get(`/api/dev/sms-outbox?phone=${phone}`);
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  return messages.map((message) => message.text);
}

describe('credit decisions', () => {
  test('two officers approve 12 000 ₾ of a 15 000 ₾ application; the customer sees the terms', async ({
    page,
  }) => {
    const customer = customerEnding('00');
    const id = await submitApplication(page, customer, { amount: '15000', months: '24' });
    const browser = browserOf(page);

    const first = await staffPage(browser, officers.first, '/applications');
    const queue = first.getByRole('table', { name: 'განაცხადები' });
    await queue.waitFor();
    await expectNoAxeViolations(first);
    // On a phone the queue scrolls sideways under its number column, which stays in place.
    const number = queue.getByRole('link', { name: `განაცხადი № ${String(id)}` });
    const before = await number.boundingBox();
    await queue.evaluate((table, left) => {
      const scroller = (table as unknown as Scrollable).closest('[tabindex]');
      if (scroller) scroller.scrollLeft = left;
    }, 400);
    await expect
      .poll(() =>
        queue.evaluate(
          (table) => (table as unknown as Scrollable).closest('[tabindex]')?.scrollLeft,
        ),
      )
      .toBe(400);
    expect((await number.boundingBox())?.x).toBe(before?.x);
    await openFromQueue(first, id);
    await expectNoAxeViolations(first);
    expect(await first.evaluate('document.documentElement.scrollWidth')).toBe(360);

    await first.getByRole('button', { name: 'განსახილველად აღება' }).click();
    const amount = first.getByRole('textbox', { name: 'თანხა' });
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('15000');
    const bureau = first.getByRole('region', { name: 'საკრედიტო ბიუროს ანგარიში' });
    expect(await bureau.getByRole('row').count()).toBe(2);
    await bureau.getByText('ვადაგადაცილება არ არის').waitFor();

    const download = first.waitForEvent('download');
    await first.getByRole('button', { name: /^საბანკო ამონაწერის ჩამოტვირთვა/ }).click();
    const file = await download;
    // Named by the application and the type of its content, not by the customer's file name.
    expect(file.suggestedFilename()).toBe(`bank-statement-${String(id)}.pdf`);
    expect(file.url()).not.toContain('token');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    await amount.fill('12000');
    await first.getByRole('button', { name: 'დამტკიცება', exact: true }).click();
    const approveDialog = first.getByRole('dialog', { name: 'განაცხადის დამტკიცება' });
    await approveDialog.getByText(`დავამტკიცოთ 12${nbsp}000,00${nbsp}₾ 24 თვით?`).waitFor();
    await expectNoAxeViolations(first);
    await approveDialog.getByRole('button', { name: 'დიახ, დამტკიცება' }).click();
    await first
      .getByText(`დაამტკიცა ${officers.first.fullName}: ელოდება მეორე ოფიცრის დადასტურებას`)
      .waitFor();
    expect(await first.getByRole('button', { name: 'დამტკიცების დადასტურება' }).count()).toBe(0);
    await expectNoAxeViolations(first);

    // The customer can no longer withdraw it: an officer has approved. Both sides still say
    // "under review", the officer's view with the approval awaiting the second officer.
    await page.reload();
    const open = page.getByRole('region', { name: 'მიმდინარე განაცხადი' });
    await open.getByRole('button', { name: 'განაცხადის გამოთხოვა' }).click();
    const withdraw = page.getByRole('dialog', { name: 'განაცხადის გამოთხოვა' });
    await withdraw.getByRole('button', { name: 'დიახ, გააუქმეთ' }).click();
    await withdraw
      .getByText(
        'საკრედიტო ოფიცერმა განაცხადი უკვე დაამტკიცა და ის მეორე ოფიცრის დადასტურებას ელოდება, ამიტომ მისი გაუქმება აღარ შეიძლება',
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await withdraw.getByRole('button', { name: 'არა, განაცხადი დარჩეს' }).click();
    await page.reload();
    expect((await applicationRows(page))[0]?.status).toBe('განხილვის პროცესში');
    await first.reload();
    await first
      .getByText(`დაამტკიცა ${officers.first.fullName}: ელოდება მეორე ოფიცრის დადასტურებას`)
      .waitFor();

    const second = await staffPage(browser, officers.second, '/applications');
    await openFromQueue(second, id);
    await second.getByRole('button', { name: 'დამტკიცების დადასტურება' }).click();
    const confirmDialog = second.getByRole('dialog', { name: 'დამტკიცების დადასტურება' });
    await confirmDialog.waitFor();
    await expectNoAxeViolations(second);
    await confirmDialog.getByRole('button', { name: 'დიახ, დადასტურება' }).click();
    await second.getByText(`დაადასტურა ${officers.second.fullName}`, { exact: false }).waitFor();
    const terms = await second
      .getByText(/^12\s000,00\s₾ 24 თვით, ყოველთვიური შენატანი/)
      .textContent();
    await expectNoAxeViolations(second);

    await page.reload();
    const [row] = await applicationRows(page);
    expect(row?.status).toContain(`დამტკიცებულია: 12${nbsp}000,00${nbsp}₾ 24 თვით`);
    const payment = /შენატანი (\S+\s₾)/.exec(terms ?? '')?.[1] ?? 'none';
    const rate = /განაკვეთი (\d+,\d\d%)/.exec(terms ?? '')?.[1] ?? 'none';
    expect(row?.status).toContain(`ყოველთვიური შენატანი ${payment}, ეფექტური განაკვეთი ${rate}`);
    await expectNoAxeViolations(page);
    const [text] = (await textsTo(page, customer.phone)).filter((sms) => sms.includes('დამტკიცდა'));
    expect(text).toContain(`12${nbsp}000,00${nbsp}₾`);
    expect(text).toContain(payment);
    expect(text).toContain(rate);

    // The approved terms' schedule, on the phone's card: 24 months, the page no wider than it.
    await page
      .getByRole('button', { name: `დაფარვის გრაფიკი (განაცხადი № ${String(id)})` })
      .click();
    const schedule = page.getByRole('table', {
      name: `დამტკიცებული სესხის დაფარვის გრაფიკი, განაცხადი № ${String(id)}`,
    });
    expect(await schedule.getByRole('row').count()).toBe(25);
    const firstMonth = await schedule.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(firstMonth[2]).toBe(payment);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(360);
    await expectNoAxeViolations(page);

    await first.context().close();
    await second.context().close();
  });

  test('a 90+ days overdue bureau loan is flagged; the customer reads the reasons, not the note', async ({
    page,
  }) => {
    const customer = customerEnding('95');
    const id = await submitApplication(page, customer, { amount: '15000', months: '24' });
    const browser = browserOf(page);

    const officer = await staffPage(browser, officers.first, '/applications');
    const row = officer
      .getByRole('table', { name: 'განაცხადები' })
      .getByRole('row')
      .filter({ has: officer.getByRole('link', { name: `განაცხადი № ${String(id)}` }) });
    await expect
      .poll(
        async () => {
          if (await row.getByText('ვადაგადაცილება 90+ დღე').count()) return true;
          await officer.reload();
          await row.waitFor();
          return false;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    await openFromQueue(officer, id);
    await officer
      .getByText('სერიოზული საფრთხის ნიშანი: სესხი 90 ან მეტი დღით ვადაგადაცილებულია')
      .waitFor();
    await officer.getByRole('button', { name: 'განსახილველად აღება' }).click();

    const reasons = officer.getByRole('group', { name: 'მიზეზები (მომხმარებელი მათ ხედავს)' });
    await reasons.getByRole('checkbox').first().waitFor();
    const labels = await reasons.getByRole('checkbox').all();
    const chosen: string[] = [];
    for (const checkbox of labels.slice(0, 2)) {
      await checkbox.check();
      const label = await officer
        .locator(`label[for="${(await checkbox.getAttribute('id')) ?? ''}"]`)
        .textContent();
      chosen.push(label ?? '');
    }
    const note = 'შიდა შენიშვნა: ბიუროს ვადაგადაცილება';
    await officer.getByRole('textbox', { name: 'შენიშვნა (მომხმარებელს არ ეჩვენება)' }).fill(note);
    await expectNoAxeViolations(officer);
    await officer.getByRole('button', { name: 'უარყოფა', exact: true }).click();
    const dialog = officer.getByRole('dialog', { name: 'განაცხადის უარყოფა' });
    await dialog.waitFor();
    await expectNoAxeViolations(officer);
    await dialog.getByRole('button', { name: 'დიახ, უარყოფა' }).click();
    await officer
      .getByRole('region', { name: 'გადაწყვეტილება' })
      .getByText('უარყოფილია', { exact: true })
      .waitFor();

    await page.reload();
    // The customer's list is cards on a phone and a table from tablet width.
    const reasonsRead = page.getByRole('list', { name: 'მიზეზები' });
    await reasonsRead.getByRole('listitem').first().waitFor();
    expect(await reasonsRead.getByRole('listitem').allTextContents()).toEqual(chosen);
    expect(await page.getByText(note).count()).toBe(0);
    await expectNoAxeViolations(page);
    await officer.context().close();
  });

  test('support lands on /checking and changes the password from the account menu', async ({
    page,
  }) => {
    const changeTo = async (password: string) => {
      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: supportStaff.fullName }).click();
      await banner.getByRole('menuitem', { name: 'პაროლის შეცვლა' }).click();
      await waitForPath(page, '/change-password');
      await page.getByLabel('ახალი პაროლი', { exact: true }).fill(password);
      await page.getByLabel('გაიმეორეთ პაროლი', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'პაროლის შეცვლა' }).click();
      await waitForPath(page, '/login');
    };
    await page.goto('/login');
    await logIn(page, supportStaff.phone, supportStaff.password);
    await waitForPath(page, '/checking');
    await page.goto('/main');
    await waitForPath(page, '/checking');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: supportStaff.fullName }).click();
    await banner.getByRole('menuitem', { name: 'პაროლის შეცვლა' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    const changed = 'Support-2026-new';
    await changeTo(changed);
    await logIn(page, supportStaff.phone, changed);
    await waitForPath(page, '/checking');
    // The seeded password again, for the other journeys of the run.
    await changeTo(supportStaff.password);
    await logIn(page, supportStaff.phone, supportStaff.password);
    await waitForPath(page, '/checking');
  });
});
