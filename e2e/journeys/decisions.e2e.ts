import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
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
  closest(
    selector: string,
  ): { scrollLeft: number; scrollWidth: number; clientWidth: number } | null;
}

/** Whether the whole of `locator` is on the screen as it is scrolled now. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}

/** Amounts as the screens and texts write them: no-break spaces, the sign after. */
const nbsp = '\u00a0';

/** A laptop's screen: everything that decides the case is on it before any scrolling. */
const laptop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

/** A fresh browser context (a phone's unless `options` say otherwise) for a staff member, signed in on their landing page. */
async function staffPage(
  browser: Browser,
  staff: { phone: string; password: string },
  landing: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await phoneContext(browser, options);
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

    // On a phone the decision's buttons stay at the bottom of the screen, a bar that leaves
    // most of it to the record.
    const take = first.getByRole('button', { name: 'განსახილველად აღება' });
    expect(await onScreen(first, take)).toBe(true);
    await first.evaluate('window.scrollTo(0, 2000)');
    await expect.poll(() => first.evaluate('window.scrollY')).toBeGreaterThan(0);
    expect(await onScreen(first, take)).toBe(true);
    expect((await take.boundingBox())?.y).toBeGreaterThan(740 * 0.75);
    await take.click();
    await first.getByRole('status').getByText('განაცხადი თქვენს განხილვაშია').waitFor();
    await first.getByRole('button', { name: 'დამტკიცება', exact: true }).waitFor();
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

    await first.getByRole('button', { name: 'დამტკიცება', exact: true }).click();
    const approveDialog = first.getByRole('dialog', { name: 'განაცხადის დამტკიცება' });
    const amount = approveDialog.getByRole('textbox', { name: 'თანხა' });
    expect(await amount.inputValue()).toBe('15 000');
    await amount.fill('12000');
    await approveDialog.getByText(`დავამტკიცოთ 12${nbsp}000,00${nbsp}₾ 24 თვით?`).waitFor();
    await approveDialog
      .getByText(
        `10${nbsp}000,00${nbsp}₾-ზე მეტი თანხის დამტკიცება მეორე ოფიცერმა უნდა დაადასტუროს`,
        {
          exact: false,
        },
      )
      .waitFor();
    const recomputed = await approveDialog
      .getByText('ყოველთვიური შენატანი', { exact: true })
      .locator('xpath=following-sibling::dd')
      .textContent();
    await expectNoAxeViolations(first);
    await approveDialog.getByRole('button', { name: 'დიახ, დამტკიცება' }).click();
    // Said on the spot, on screen where the officer acted.
    const awaiting = first.getByRole('status').getByText('დამტკიცება ელოდება მეორე ოფიცერს');
    await awaiting.waitFor();
    expect(await onScreen(first, awaiting)).toBe(true);
    await first
      .getByText(`დაამტკიცა ${officers.first.fullName}: ელოდება მეორე ოფიცრის დადასტურებას`)
      .waitFor();
    // The server computed the payment the dialog showed.
    await first
      .getByText(`ყოველთვიური შენატანი ${recomputed ?? 'none'}`, { exact: false })
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

    // The second officer finds it by the queue's filter.
    const second = await staffPage(browser, officers.second, '/applications');
    await second
      .getByRole('combobox', { name: 'სტატუსი' })
      .selectOption({ label: 'ელოდება მეორე ოფიცერს' });
    await waitForPath(second, '/applications');
    await second
      .getByRole('table', { name: 'განაცხადები' })
      .getByRole('link', { name: `განაცხადი № ${String(id)}` })
      .waitFor();
    await openFromQueue(second, id);
    await second.getByRole('button', { name: 'დამტკიცების დადასტურება' }).click();
    const confirmDialog = second.getByRole('dialog', { name: 'დამტკიცების დადასტურება' });
    await confirmDialog.waitFor();
    await expectNoAxeViolations(second);
    await confirmDialog.getByRole('button', { name: 'დიახ, დადასტურება' }).click();
    const confirmed = second.getByRole('status').getByText('დამტკიცება დადასტურებულია');
    await confirmed.waitFor();
    expect(await onScreen(second, confirmed)).toBe(true);
    await second.getByText(`დაადასტურა ${officers.second.fullName}`, { exact: false }).waitFor();
    // Both officers' steps, in the history.
    const history = second.getByRole('region', { name: 'სტატუსების ისტორია' });
    const step = (officer: string, move: string) =>
      history.getByRole('row').filter({ hasText: officer }).filter({ hasText: move });
    expect(await step(officers.first.fullName, 'დამტკიცდა (ელოდება მეორე ოფიცერს)').count()).toBe(
      1,
    );
    expect(await step(officers.second.fullName, 'დაადასტურა მეორე ოფიცერმა').count()).toBe(1);
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

  test('at 1280 px an officer reads the case in the summary and rejects it without scrolling; the customer reads the reasons, not the note', async ({
    page,
  }) => {
    const customer = customerEnding('95');
    const id = await submitApplication(page, customer, { amount: '15000', months: '24' });
    const browser = browserOf(page);

    const officer = await staffPage(browser, officers.first, '/applications', laptop);
    const queue = officer.getByRole('table', { name: 'განაცხადები' });
    const row = queue
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
    // Every column fits: the table does not scroll sideways, its status column is on screen.
    const sideways = await queue.evaluate((table) => {
      const scroller = (table as unknown as Scrollable).closest('[tabindex]');
      return scroller ? scroller.scrollWidth - scroller.clientWidth : -1;
    });
    expect(sideways).toBe(0);
    expect(await onScreen(officer, queue.getByRole('columnheader', { name: 'სტატუსი' }))).toBe(
      true,
    );
    await expectNoAxeViolations(officer);

    await openFromQueue(officer, id);
    await officer.evaluate('window.scrollTo(0, 0)');
    // Everything that decides the case, and the decision, before any scrolling.
    const summary = officer.getByRole('region', { name: 'შეჯამება' });
    const decision = officer.getByRole('region', { name: 'გადაწყვეტილება' });
    expect(await onScreen(officer, summary)).toBe(true);
    expect(await onScreen(officer, decision)).toBe(true);
    const figure = (term: string) =>
      summary.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
    expect(await figure('მოთხოვნილი თანხა').textContent()).toBe(`15${nbsp}000,00${nbsp}₾`);
    expect(await figure('ყოველთვიური შენატანი').textContent()).toMatch(/^\d+,\d\d\s₾$/);
    expect(await figure('PTI').textContent()).toMatch(/^\d+,\d\d% \(ლიმიტი/);
    const flag = figure('საკრედიტო ბიურო').getByText('ვადაგადაცილება 90+ დღე');
    // In red: the red channel well above the others.
    const colour = await flag.evaluate((element) => {
      // This project's TypeScript for tests has no DOM types: the little that is used, declared.
      const window = globalThis as unknown as {
        getComputedStyle(element: unknown): { color: string };
      };
      return window.getComputedStyle(element).color;
    });
    const [red = 0, green = 0, blue = 0] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(Math.max(green, blue) + 80);
    expect(await figure('რეკომენდაცია').textContent()).toBe('უარყოფა');
    await expectNoAxeViolations(officer);

    const take = officer.getByRole('button', { name: 'განსახილველად აღება' });
    expect(await onScreen(officer, take)).toBe(true);
    await take.click();
    const reject = officer.getByRole('button', { name: 'უარყოფა', exact: true });
    await reject.waitFor();
    expect(await onScreen(officer, reject)).toBe(true);
    await reject.click();
    const dialog = officer.getByRole('dialog', { name: 'განაცხადის უარყოფა' });
    const reasons = dialog.getByRole('group', { name: 'მიზეზები (მომხმარებელი მათ ხედავს)' });
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
    await dialog.getByRole('textbox', { name: 'შენიშვნა (მომხმარებელს არ ეჩვენება)' }).fill(note);
    await expectNoAxeViolations(officer);
    await dialog.getByRole('button', { name: 'დიახ, უარყოფა' }).click();
    // Confirmed on the same page, on screen, which was never scrolled.
    const done = officer.getByRole('status').getByText('განაცხადი უარყოფილია');
    await done.waitFor();
    expect(await onScreen(officer, done)).toBe(true);
    expect(await officer.evaluate('window.scrollY')).toBe(0);
    await decision.getByText('უარყოფილია', { exact: true }).waitFor();
    // Kept inside: the officers read the note.
    await decision.getByText(note).waitFor();
    await expectNoAxeViolations(officer);

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
