import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { georgianPhone } from '../support/chromium.ts';
import {
  browserOf,
  expectNoAxeViolations,
  phoneContext,
  test,
  withoutJavaScript,
} from '../support/fixtures.ts';
import { waitingForTheApp } from '../support/app-started.ts';
import { pngFile } from '../../apps/server/src/test/tiny-files.ts';
import {
  confirmQuestionnaire,
  giveCreditConsent,
  identifyWithSso,
  loanEntries,
  startApplication,
} from '../support/loans.ts';
import { apiHeaders, onboardThroughApi, waitForPath } from '../support/onboarding.ts';
import { customerEnding } from '../support/support.ts';

const editorAccount = { phone: '599000004', password: 'Content-2026' };
const officer = { phone: '599000002', password: 'Credit-2026' };

const newClaimsText = 'საჩივარს ახლა 10 სამუშაო დღეში ვპასუხობთ.';
const seededClaimsLine = 'მომხმარებელთა უფლებების დაცვის სამსახურს';
const videoTitle = 'როგორ წარვადგინოთ საჩივარი';
const newPolicyLine = 'ახალი რედაქცია: მონაცემებს ვინახავთ ხუთი წლის განმავლობაში.';
const oldPolicyLine = 'კომპანია ამუშავებს თქვენს პერსონალურ მონაცემებს';
const seededCreditLine = 'თანხმობა საკრედიტო ინფორმაციის მიღებასა და გადაცემაზე';
const newCreditLine = 'ახალი რედაქცია: თანხმობა მოქმედებს 30 დღე.';
const hostile =
  '<p>ჩასმული ტექსტი</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 1">';
const plainLink = '<p><a href="http://nbg.gov.ge">ეროვნული ბანკი</a></p>';
const imageDescription = 'საჩივრის წარდგენის სქემა';

async function newPage(browser: Browser, viewport = georgianPhone.viewport): Promise<Page> {
  const context = await phoneContext(browser, {
    ...(viewport?.width === 1280 ? { isMobile: false, hasTouch: false } : {}),
    viewport,
  });
  return waitingForTheApp(await context.newPage());
}

/** The editor's text box: everything in it replaced by `lines` (one paragraph each). */
async function replaceText(page: Page, lines: string[]) {
  const box = page.getByRole('textbox', { name: /ტექსტის რედაქტორი/ });
  await box.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
}

/** Pastes `html` into the editor as a browser's clipboard would hand it over. */
async function pasteHtml(page: Page, html: string) {
  await page.evaluate(`(() => {
    const target = document.querySelector('.tiptap');
    const data = new DataTransfer();
    data.setData('text/html', ${JSON.stringify(html)});
    data.setData('text/plain', 'pasted');
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
}

async function publish(page: Page) {
  const version = await page.getByText(/^მიმდინარე ვერსია: \d+$/).textContent();
  const next = Number(/\d+/.exec(version ?? '')?.[0]) + 1;
  await page.getByRole('button', { name: 'გამოქვეყნება' }).click();
  const dialog = page.getByRole('dialog', { name: 'გამოვაქვეყნოთ?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'გამოქვეყნება' }).click();
  await page
    .getByRole('status')
    .getByText(`გამოქვეყნდა, ვერსია ${String(next)}`)
    .waitFor();
}

async function chooseText(page: Page, key: string, expected: string) {
  await page.getByLabel('ტექსტი', { exact: true }).selectOption(key);
  await page
    .getByRole('textbox', { name: /ტექსტის რედაქტორი/ })
    .getByText(expected)
    .first()
    .waitFor();
}

describe('content the lender edits', () => {
  test('an editor changes /claims and the consent wordings; visitors see them at once, safely, a customer reading the old wording is shown the new one, and old consents keep theirs', async ({
    page,
  }) => {
    const browser = browserOf(page);

    // A customer agrees to the privacy policy (at registration) before it changes, and comes
    // to the credit consent of an application.
    const customer = customerEnding('00');
    await onboardThroughApi(page, customer, { salary: 6000 });
    const applicationId = await startApplication(page, {
      ...loanEntries,
      amount: '1500',
      months: '12',
    });
    await confirmQuestionnaire(page, applicationId);
    await page.getByText(seededCreditLine).waitFor();

    // The content editor lands on the editor.
    const editor = await newPage(browser);
    await editor.goto('/login');
    await logIn(editor, editorAccount.phone, editorAccount.password);
    await waitForPath(editor, '/content');
    await editor.getByRole('heading', { level: 1, name: 'ტექსტების რედაქტირება' }).waitFor();
    await chooseText(editor, 'claims', 'საჩივრის წარდგენა');
    await expectNoAxeViolations(editor);

    await replaceText(editor, [newClaimsText]);
    await pasteHtml(editor, hostile + plainLink);
    // The http:// link keeps its text and loses its link, and the editor says so.
    await editor
      .getByRole('status')
      .getByText(/ჩასმული ტექსტის 1 ბმული მოიხსნა/)
      .waitFor();
    const box = editor.getByRole('textbox', { name: /ტექსტის რედაქტორი/ });
    await box.getByText('ეროვნული ბანკი').waitFor();
    expect(await box.getByRole('link', { name: 'ეროვნული ბანკი' }).count()).toBe(0);

    // An image, with its description; shown to the editor before it is published.
    await editor.getByRole('button', { name: 'სურათი', exact: true }).click();
    const imageDialog = editor.getByRole('dialog', { name: 'სურათი' });
    const [chooser] = await Promise.all([
      editor.waitForEvent('filechooser'),
      imageDialog.getByRole('button', { name: 'ფაილის არჩევა' }).click(),
    ]);
    await chooser.setFiles({ name: 'სქემა.png', mimeType: 'image/png', buffer: pngFile() });
    await imageDialog.getByLabel('სურათის აღწერა').fill(imageDescription);
    const [uploaded] = await Promise.all([
      editor.waitForResponse((response) => response.url().endsWith('/api/content/images')),
      imageDialog.getByRole('button', { name: 'ჩასმა' }).click(),
    ]);
    const imageUrl = (await uploaded.json()) as { url: string };
    const inEditor = box.getByRole('img', { name: imageDescription });
    await expect.poll(() => inEditor.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Not yet published: nobody but content editors gets it.
    const early = await (await newPage(browser)).request.get(imageUrl.url);
    expect(early.status()).toBe(404);

    await editor.getByRole('button', { name: 'ვიდეო', exact: true }).click();
    const videoDialog = editor.getByRole('dialog', { name: 'ვიდეო' });
    await videoDialog
      .getByLabel('YouTube-ის ვიდეოს ბმული')
      .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await videoDialog.getByLabel('ვიდეოს სათაური').fill(videoTitle);
    await videoDialog.getByRole('button', { name: 'ჩასმა' }).click();
    // The phone-width preview shows what visitors will get, the video as its facade.
    // The preview is the server's sanitised text: the http:// link's text without a link.
    const preview = editor.getByTestId('content-preview');
    await preview.getByText(newClaimsText).waitFor();
    await preview.getByText('ეროვნული ბანკი').waitFor();
    expect(await preview.getByRole('link', { name: 'ეროვნული ბანკი' }).count()).toBe(0);
    await expect
      .poll(() => preview.getByRole('img', { name: imageDescription }).getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    await preview.getByRole('button', { name: `ვიდეოს ჩართვა: ${videoTitle}` }).waitFor();
    expect((await preview.boundingBox())?.width).toBeLessThanOrEqual(360);
    await publish(editor);

    // The privacy-policy wording: a new version in the consent ledger.
    await chooseText(editor, 'privacy_policy', 'კონფიდენციალურობის პოლიტიკა');
    await replaceText(editor, ['კონფიდენციალურობის პოლიტიკა', newPolicyLine]);
    await publish(editor);

    // The credit consent's wording changes while the customer reads the old one: agreeing to
    // that is refused, and the screen shows the new one, the box unticked, before agreeing.
    await chooseText(editor, 'credit_agreement', seededCreditLine);
    await replaceText(editor, [newCreditLine]);
    await publish(editor);
    const creditAgreement = page.getByLabel('ვეთანხმები საკრედიტო ინფორმაციის გადამოწმებას');
    await creditAgreement.check();
    await page.getByRole('button', { name: 'გაგრძელება' }).click();
    await page.getByText('ტექსტი შეიცვალა, გთხოვთ, წაიკითხოთ ხელახლა').waitFor();
    await page.getByText(newCreditLine).waitFor();
    expect(await creditAgreement.isChecked()).toBe(false);
    expect(await page.getByText(seededCreditLine).count()).toBe(0);
    await giveCreditConsent(page, applicationId);
    await identifyWithSso(page, customer);
    await waitForPath(page, '/main');

    // A script pasted past the editor (straight to the API) never reaches visitors either.
    const headers = await apiHeaders(editor);
    const put = await editor.request.put('/api/content/faq', {
      headers,
      data: { locale: 'ka', html: `<h2>კითხვა</h2>${hostile}` },
    });
    expect(put.status()).toBe(200);

    // A visitor on a phone: the new /claims text, without a new build.
    const visitor = await newPage(browser);
    const requests: string[] = [];
    visitor.on('request', (request) => requests.push(request.url()));
    // The server's HTML carries the text and the video; the facade plays once the page runs.
    await visitor.goto('/claims', { waitUntil: 'networkidle' });
    const main = visitor.getByRole('main');
    await main.getByText(newClaimsText).waitFor();
    await main.getByText('ჩასმული ტექსტი').waitFor();
    // The image, published now: anyone gets it, cached for good.
    await main.getByRole('img', { name: imageDescription }).waitFor();
    const image = await visitor.request.get(imageUrl.url);
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const facade = main.getByRole('button', { name: `ვიდეოს ჩართვა: ${videoTitle}` });
    await facade.waitFor();
    const small = await facade.boundingBox();
    const column = await main.getByText(newClaimsText).boundingBox();
    // Full width of the column, 45vw high (of 360 px).
    expect(small?.width).toBeCloseTo(column?.width ?? 0, 0);
    expect(small?.height).toBeCloseTo(162, 0);
    expect(await visitor.content()).not.toMatch(/onerror|__pwned/);
    expect(await visitor.evaluate('window.__pwned')).toBeUndefined();
    await expectNoAxeViolations(visitor);

    await visitor.goto('/faq');
    await visitor.getByRole('main').getByText('ჩასმული ტექსტი').waitFor();
    expect(await visitor.content()).not.toMatch(/onerror|__pwned|<script>window/);
    expect(await visitor.evaluate('window.__pwned')).toBeUndefined();
    await expectNoAxeViolations(visitor);

    // Without JavaScript too: the page the server sends carries the published text.
    await withoutJavaScript(browser, '/claims', async (bare) => {
      await bare.getByRole('main').getByText(newClaimsText).waitFor();
      expect(await bare.content()).not.toContain(seededClaimsLine);
    });

    // Nothing came from another origin before a tap on play.
    const origin = new URL(inject('baseURL')).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
      [],
    );
    await visitor.goto('/claims', { waitUntil: 'networkidle' });
    await visitor.getByRole('button', { name: `ვიდეოს ჩართვა: ${videoTitle}` }).click();
    const player = visitor.locator(
      'iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]',
    );
    await player.waitFor({ state: 'attached' });
    expect((await player.boundingBox())?.height).toBeCloseTo(162, 0);

    // On a desktop: at most 560 px wide and 315 px high.
    const desktop = await newPage(browser, { width: 1280, height: 900 });
    await desktop.goto('/claims', { waitUntil: 'networkidle' });
    const large = await desktop
      .getByRole('button', { name: `ვიდეოს ჩართვა: ${videoTitle}` })
      .boundingBox();
    expect(large?.width).toBe(560);
    expect(large?.height).toBe(315);

    // The credit officer sees the wording the customer agreed to: the old one.
    const review = await newPage(browser);
    await review.goto('/login');
    await logIn(review, officer.phone, officer.password);
    await waitForPath(review, '/applications');
    await review.goto(`/applications/${String(applicationId)}`);
    await review
      .getByRole('button', { name: 'ტექსტის ნახვა: კონფიდენციალურობის პოლიტიკა' })
      .click();
    const wording = review.getByRole('dialog');
    await wording.getByText(oldPolicyLine, { exact: false }).waitFor();
    expect(await wording.textContent()).not.toContain(newPolicyLine);
  }, 240_000);

  test('an editor’s draft survives a reload; a version published by mistake is undone by restoring the one before, and visitors get it', async ({
    page,
  }) => {
    const browser = browserOf(page);
    const firstText = 'ხშირი კითხვების პირველი რედაქცია.';
    const mistake = 'შეცდომით გამოქვეყნებული რედაქცია.';
    const editor = await newPage(browser, { width: 1280, height: 900 });
    await editor.goto('/login');
    await logIn(editor, editorAccount.phone, editorAccount.password);
    await waitForPath(editor, '/content');
    // Whatever /faq says now (the journey above changed it), once it is there to edit.
    await editor.getByLabel('ტექსტი', { exact: true }).selectOption('faq');
    await editor.locator('.tiptap[contenteditable="true"]').waitFor();

    // Typed, saved as a draft as it rests; a reload offers it back.
    await replaceText(editor, [firstText]);
    await editor
      .getByRole('status')
      .getByText(/^მონახაზი შენახულია \d{2}:\d{2}$/)
      .waitFor();
    await editor.reload();
    await editor.getByRole('heading', { level: 1, name: 'ტექსტების რედაქტირება' }).waitFor();
    await editor.getByLabel('ტექსტი', { exact: true }).selectOption('faq');
    const offer = editor.getByRole('region', { name: /თქვენი მონახაზი შენახულია/ });
    await offer.getByRole('button', { name: 'მონახაზის გაგრძელება' }).click();
    const box = editor.getByRole('textbox', { name: /ტექსტის რედაქტორი/ });
    await box.getByText(firstText).waitFor();
    await expectNoAxeViolations(editor);

    await publish(editor);
    const good = Number(
      /\d+/.exec((await editor.getByText(/^მიმდინარე ვერსია: \d+$/).textContent()) ?? '')?.[0],
    );
    await replaceText(editor, [mistake]);
    await publish(editor);

    // The versions, newest first, each with who published it; the good one restored.
    const history = editor.getByRole('region', { name: 'ვერსიები' });
    await history.getByText(`ვერსია ${String(good + 1)} (მიმდინარე)`).waitFor();
    expect(await history.getByText(/ლალი ბერიძე/).count()).toBeGreaterThanOrEqual(2);
    await history.getByRole('button', { name: `ვერსია ${String(good)}-ის ნახვა` }).click();
    const shown = editor.getByRole('dialog', { name: `ვერსია ${String(good)}` });
    await shown.getByText(firstText).waitFor();
    await shown.getByRole('button', { name: 'დახურვა' }).click();
    await history.getByRole('button', { name: `ვერსია ${String(good)}-ის აღდგენა` }).click();
    await editor
      .getByRole('dialog', { name: `აღვადგინოთ ვერსია ${String(good)}?` })
      .getByRole('button', { name: 'აღდგენა' })
      .click();
    await editor
      .getByRole('status')
      .getByText(`გამოქვეყნდა, ვერსია ${String(good + 2)}`)
      .waitFor();
    await box.getByText(firstText).waitFor();
    await history.getByText(`აღდგენილია ვერსიიდან ${String(good)}`).waitFor();

    const visitor = await newPage(browser);
    await visitor.goto('/faq');
    await visitor.getByRole('main').getByText(firstText).waitFor();
    expect(await visitor.getByRole('main').getByText(mistake).count()).toBe(0);

    // The phone-width preview sizes a video as a 360 px phone does (328 × 162), not by the
    // editor's 1280 px window.
    await editor.getByRole('button', { name: 'ვიდეო', exact: true }).click();
    const videoDialog = editor.getByRole('dialog', { name: 'ვიდეო' });
    await videoDialog.getByLabel('YouTube-ის ვიდეოს ბმული').fill('https://youtu.be/dQw4w9WgXcQ');
    await videoDialog.getByLabel('ვიდეოს სათაური').fill(videoTitle);
    await videoDialog.getByRole('button', { name: 'ჩასმა' }).click();
    const facade = editor
      .getByTestId('content-preview')
      .getByRole('button', { name: `ვიდეოს ჩართვა: ${videoTitle}` });
    await facade.waitFor();
    const size = await facade.boundingBox();
    expect(size?.width).toBeCloseTo(328, 0);
    expect(size?.height).toBeCloseTo(162, 0);

    // The editor on a phone, with its versions and a draft to offer: accessible too.
    await editor
      .getByRole('status')
      .getByText(/^მონახაზი შენახულია/)
      .waitFor();
    const phone = await newPage(browser);
    await phone.goto('/login');
    await logIn(phone, editorAccount.phone, editorAccount.password);
    await waitForPath(phone, '/content');
    await phone.getByLabel('ტექსტი', { exact: true }).selectOption('faq');
    await phone.getByRole('region', { name: /თქვენი მონახაზი შენახულია/ }).waitFor();
    await phone.getByRole('region', { name: 'ვერსიები' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations(phone);
  }, 180_000);
});
