import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { freshPersonalNumber, logIn, newCustomer, register } from '../support/accounts.ts';
import { expectNoAxeViolations, test } from '../support/fixtures.ts';
import {
  agreeToSdaCheck,
  completeOnboarding,
  fillInQuestionnaire,
  questionnaireEntries,
  waitForPath,
} from '../support/onboarding.ts';

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Opens `path` in a fresh page load and returns where the route guard lands. */
async function landingOf(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return pathOf(page);
}

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'პირადი გვერდი' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'გაგრძელება' });

describe('onboarding on a phone', () => {
  test('a new customer consents to the data check, fills in the questionnaire and reaches /main', async ({
    page,
  }) => {
    await register(page);
    await waitForPath(page, '/sda-checking');
    await page
      .getByRole('heading', { level: 1, name: 'პერსონალური მონაცემების შემოწმება' })
      .waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await agreeToSdaCheck(page);
    await waitForPath(page, '/questionnaire');
    await page.getByRole('heading', { level: 1, name: 'კითხვარი' }).waitFor();
    await expectNoAxeViolations(page);

    await continueButton(page).click();
    await page.getByText('ველის შევსება სავალდებულოა').first().waitFor();
    await expectNoAxeViolations(page);

    await fillInQuestionnaire(page);
    await page
      .getByRole('radiogroup', { name: 'ინდივიდუალური მეწარმე' })
      .getByLabel('დიახ')
      .check();
    await page.getByLabel('სამეწარმეო შემოსავალი').fill('800,25');
    await page.getByLabel('საქმიანობის სფერო').selectOption({ label: 'მშენებლობა' });
    await expectNoAxeViolations(page);
    await continueButton(page).click();

    await waitForPath(page, '/main');
    await mainHeading(page).waitFor();
    await expectNoAxeViolations(page);
  });

  test('deep links land on the gate the customer has reached', async ({ page }) => {
    await register(page);
    expect(await landingOf(page, '/main')).toBe('/sda-checking');
    expect(await landingOf(page, '/questionnaire')).toBe('/sda-checking');

    await agreeToSdaCheck(page);
    await waitForPath(page, '/questionnaire');
    expect(await landingOf(page, '/main')).toBe('/questionnaire');
    expect(await landingOf(page, '/sda-checking')).toBe('/questionnaire');
    expect(await landingOf(page, '/questionnaire-edit')).toBe('/questionnaire');

    await fillInQuestionnaire(page);
    await continueButton(page).click();
    await waitForPath(page, '/main');
    expect(await landingOf(page, '/sda-checking')).toBe('/main');
    expect(await landingOf(page, '/questionnaire')).toBe('/main');
  });

  test('a refused data check ends the registration with the spec’s message', async ({ page }) => {
    const customer = await register(
      page,
      newCustomer({ personalNumber: freshPersonalNumber('91') }),
    );
    await agreeToSdaCheck(page);

    await waitForPath(page, '/register');
    await page
      .getByRole('main')
      .getByRole('alert')
      .filter({
        hasText:
          'მონაცემების დამუშავებისას მოხდა შეცდომა, გთხოვთ, გადაამოწმოთ შეყვანილი ინფორმაცია და გაიაროთ რეგისტრაცია ხელახლა',
      })
      .waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'შესვლა' }).waitFor();
    await expectNoAxeViolations(page);

    // The unverified account is gone: its phone and password no longer sign in.
    await page.goto('/login');
    await logIn(page, customer.phone, customer.password);
    await page.getByText('ტელეფონის ნომერი ან პაროლი არასწორია').waitFor();
  });

  test('an unreachable registry says so and keeps the customer on the consent', async ({
    page,
  }) => {
    await register(page, newCustomer({ personalNumber: freshPersonalNumber('92') }));
    await agreeToSdaCheck(page);

    await page
      .getByRole('alert')
      .filter({ hasText: 'სერვისთან დაკავშირება ვერ ხერხდება' })
      .waitFor();
    expect(pathOf(page)).toBe('/sda-checking');
    expect(await continueButton(page).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('edits the questionnaire from the header’s edit-data link', async ({ page }) => {
    const customer = await completeOnboarding(page);
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: `${customer.name} ${customer.surname}` }).click();
    await banner.getByRole('menuitem', { name: 'მონაცემების რედაქტირება' }).click();

    await waitForPath(page, '/questionnaire-edit');
    const salary = page.getByLabel('ხელფასი');
    await expect.poll(() => salary.inputValue()).toBe('1250,50');
    expect(await page.getByLabel('საშუალო თვიური გზავნილი').inputValue()).toBe('150,50');
    expect(await page.getByLabel('მისამართი').inputValue()).toBe(questionnaireEntries.address);
    await expectNoAxeViolations(page);

    await salary.fill('2100,75');
    await page.getByLabel('ვიღებ პენსიას').check();
    await page.getByLabel('პენსია', { exact: true }).fill('320');
    await page.getByRole('button', { name: 'შენახვა' }).click();

    await waitForPath(page, '/main');
    await page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: 'მონაცემები შენახულია' })
      .waitFor();

    await page.goto('/questionnaire-edit');
    await expect.poll(() => page.getByLabel('ხელფასი').inputValue()).toBe('2100,75');
    expect(await page.getByLabel('პენსია', { exact: true }).inputValue()).toBe('320');
  });
});
