import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserOf, test, withoutJavaScript } from '../support/fixtures.ts';
import { onboardThroughApi } from '../support/onboarding.ts';

describe('a returning customer opening their screen from an SMS link', () => {
  test.for([
    { path: '/main', heading: 'პირადი გვერდი', loading: 'განაცხადები იტვირთება…' },
    { path: '/loan', heading: 'ახალი განაცხადი', loading: 'მონაცემები იტვირთება…' },
  ])(
    '$path paints the header and its heading from the HTML, without any JavaScript',
    async ({ path, heading, loading }, { page }) => {
      await withoutJavaScript(browserOf(page), path, async (bare) => {
        expect(await bare.title()).toBe(`${heading} — Sesxi`);
        await bare.getByRole('banner').getByRole('link', { name: 'Sesxi' }).waitFor();
        await bare.getByRole('heading', { level: 1, name: heading }).waitFor();
        // What the screen says while its data is on its way, where the data will go.
        await bare.getByText(loading).waitFor();
        // A signed-in header: the account menu's place, not the links to sign in.
        expect(await bare.getByRole('link', { name: 'შესვლა' }).count()).toBe(0);
      });
    },
  );

  test("/main shows its header, heading, greeting and identity check before the app's scripts have run, then the customer's screen", async ({
    page,
  }) => {
    const customer = await onboardThroughApi(page);
    const { visit, release } = await visitWithScriptsHeld(page, '/main');

    await visit.getByRole('banner').getByRole('link', { name: 'Sesxi' }).waitFor();
    await visit.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
    // Their identity is not checked yet, as the stored session says: its card is there already.
    await visit.getByRole('heading', { level: 2, name: identityCheck }).waitFor();
    expect(await visit.locator('html[data-app-started]').count()).toBe(0);
    // The greeting, their name put in by the shell's styles from the stored session.
    expect(await shellGreeting(visit)).toBe(`გამარჯობა, ${customer.name}!`);
    const greeting = visit.getByText(`გამარჯობა, ${customer.name}!`);
    expect(await greeting.count()).toBe(0);

    // Once the scripts arrive, the app puts the customer's own screen in the shell's place.
    release();
    await visit.locator('html[data-app-started]').waitFor({ state: 'attached' });
    await greeting.waitFor();
    await expect
      .poll(() => visit.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).count())
      .toBe(1);
    await expect.poll(() => visit.getByRole('heading', { name: identityCheck }).count()).toBe(1);
    await visit.getByRole('heading', { name: 'ჩემი განაცხადები' }).waitFor();
  });

  test("/main's shell leaves the identity check out for a customer whose identity is checked", async ({
    page,
  }) => {
    await onboardThroughApi(page);
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('user', JSON.stringify({ ...user, is_identomat_verified: true }));
    });
    const { visit } = await visitWithScriptsHeld(page, '/main');

    await visit.getByRole('heading', { level: 1, name: 'პირადი გვერდი' }).waitFor();
    await visit.getByText('განაცხადები იტვირთება…').waitFor();
    expect(await visit.locator('html[data-app-started]').count()).toBe(0);
    expect(await visit.getByRole('heading', { name: identityCheck }).count()).toBe(0);
  });
});

const identityCheck = 'დოკუმენტის შემოწმება';

/** The greeting a shell shows, with what its styles put in (a pseudo-element's content). */
function shellGreeting(visit: Page): Promise<string> {
  // As text: these journeys are typed without the browser's DOM.
  return visit.evaluate<string>(`(() => {
    const greeting = [...document.querySelectorAll('#root p')].find((p) =>
      p.textContent.startsWith('გამარჯობა'),
    );
    if (!greeting || getComputedStyle(greeting).display === 'none') return '';
    return [...greeting.childNodes]
      .map((node) =>
        node instanceof Element
          ? JSON.parse(getComputedStyle(node, '::after').content)
          : node.textContent,
      )
      .join('');
  })()`);
}

/**
 * Opens `path` in a new tab of `page`'s browser (its stored session) with the app's scripts held
 * back, as on a slow network, until `release` is called.
 */
async function visitWithScriptsHeld(
  page: Page,
  path: string,
): Promise<{ visit: Page; release: () => void }> {
  const visit = await page.context().newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const heldScripts: string[] = [];
  await visit.route('**/assets/*.js', async (route) => {
    if (!route.request().url().includes('/start-after-paint-')) {
      heldScripts.push(route.request().url());
      await held;
    }
    await route.continue();
  });
  await visit.goto(path, { waitUntil: 'commit' });
  await expect.poll(() => heldScripts.length).toBeGreaterThan(0);
  return { visit, release };
}
