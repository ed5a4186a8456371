import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { waitingForTheApp } from '../support/app-started.ts';
import {
  approvedCustomerOnContract,
  chooseDayAndAccount,
  confirmWithCode,
  ibanAsStored,
  keyTerm,
  nbsp,
} from '../support/contract.ts';
import { apiHeaders, waitForPath } from '../support/onboarding.ts';
import { browserOf, expectNoAxeViolations, phoneContext, test } from '../support/fixtures.ts';
import { applicationRows } from '../support/loans.ts';
import { creditOfficer, customerEnding } from '../support/support.ts';

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The value of a term in `region`, as a description list has it. */
function termIn(region: Locator, term: string): Promise<string | null> {
  return region
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd')
    .textContent();
}

/**
 * The credit officer, on a phone of their own, opens application `id` and reads its contract
 * section: answers the section.
 */
async function officerReadsContract(page: Page, id: number): Promise<Locator> {
  const context = await phoneContext(browserOf(page));
  const officer = waitingForTheApp(await context.newPage());
  await officer.goto('/login');
  await logIn(officer, creditOfficer.phone, creditOfficer.password);
  await waitForPath(officer, '/applications');
  await officer.goto(`/applications/${String(id)}`);
  const section = officer.getByRole('region', { name: 'ხელშეკრულება და დოკუმენტები' });
  await section.getByRole('table', { name: 'განაცხადის დოკუმენტები' }).waitFor();
  return section;
}

describe('from approval to money', () => {
  test('a customer reads the key terms, chooses the day and the account, signs with the texted code, opens the signed PDF and sees the loan paid out', async ({
    page,
  }) => {
    const customer = customerEnding('00');
    const id = await approvedCustomerOnContract(page, customer);
    const contractNumber = (await keyTerm(page, 'ხელშეკრულების ნომერი')) ?? '';
    expect(contractNumber).not.toBe('');
    expect(await keyTerm(page, 'სესხის თანხა')).toBe(`2000,00${nbsp}₾`);
    expect(await keyTerm(page, 'ვადა')).toBe('12 თვე');
    expect(await keyTerm(page, 'ეფექტური წლიური საპროცენტო განაკვეთი')).toMatch(/^\d+,\d\d%$/);
    expect(await keyTerm(page, 'დასაბრუნებელი ჯამური თანხა (ყველა საკომისიოს ჩათვლით)')).toMatch(
      /^\d[\d\s]*,\d\d\s₾$/,
    );
    // The schedule waits behind its button; the page is no wider than the phone.
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(360);
    await expectNoAxeViolations(page);

    await chooseDayAndAccount(page, '20');
    expect(await keyTerm(page, 'ყოველთვიური გადახდის დღე')).toBe('ყოველი თვის 20 რიცხვი');
    expect(await keyTerm(page, 'პირველი გადახდის თარიღი')).toMatch(/^\d{4}-\d\d-20$/);
    expect(await keyTerm(page, 'ანგარიში, რომელზეც თანხა ჩაირიცხება')).toBe(ibanAsStored);
    await page.getByRole('button', { name: 'დაფარვის სრული გრაფიკი' }).click();
    const schedule = page.getByRole('table', { name: 'ხელშეკრულების დაფარვის გრაფიკი' });
    expect(await schedule.getByRole('row').count()).toBe(13);
    expect(await schedule.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).toMatch(
      /-20$/,
    );
    // The agreement to contract electronically, before this first signature.
    await page
      .getByRole('region', { name: 'თანხმობა ხელშეკრულების ელექტრონულად დადებაზე' })
      .waitFor();
    await expectNoAxeViolations(page);

    await confirmWithCode(page, customer, 'ხელმოწერა SMS კოდით', contractNumber, 'ხელმოწერა');
    await page.getByText('სტატუსი: ხელმოწერილი').waitFor();
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'ხელმოწერილი ხელშეკრულება (PDF)' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdf.url()).not.toContain('token');
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    // The sandbox bank pays at once; the screen asks again until it hears.
    const payout = page.getByRole('region', { name: 'თანხის ჩარიცხვა' });
    await payout
      .getByText(`თანხა ჩაირიცხა ანგარიშზე ${ibanAsStored}.`)
      .waitFor({ timeout: 30_000 });
    const reference = await termIn(payout, 'ბანკის გადარიცხვის ნომერი');
    expect(reference?.trim()).not.toBe('');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'პირად გვერდზე გადასვლა' }).click();
    await waitForPath(page, '/main');
    // /main may first show the list it had before the signature, until it has asked again.
    await expect
      .poll(async () => (await applicationRows(page))[0]?.status)
      .toContain('აქტიური სესხი');
    await page
      .getByRole('region', { name: `განაცხადი №${String(id)}: 2000,00${nbsp}₾, 12 თვე` })
      .getByRole('link', { name: 'გადახდა' })
      .waitFor();
    const loans = await page.request.get('/api/loans-show', { headers: await apiHeaders(page) });
    const { loans: list } = (await loans.json()) as {
      loans: { id: number; loan_status: { code: string }; next_step: string | null }[];
    };
    expect(list.find((loan) => loan.id === id)).toMatchObject({
      loan_status: { code: 'active' },
      next_step: 'pay',
    });

    // The signed contract is among the customer's documents, with its hash.
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: `${customer.name} ${customer.surname}` }).click();
    await banner.getByRole('menuitem', { name: 'ჩემი დოკუმენტები' }).click();
    await waitForPath(page, '/documents');
    const documents = page.getByRole('list', { name: 'ჩემი დოკუმენტები' });
    await documents.getByText('ხელმოწერილი ხელშეკრულება', { exact: true }).first().waitFor();
    await documents.getByText(`გადაწყვეტილება განაცხადზე №${String(id)}`).waitFor();
    await documents
      .getByText('თანხმობა საკრედიტო ბიუროს შემოწმებაზე, ვერსია', { exact: false })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);

    // The officer sees the same documents on the application, the signature's evidence and
    // the payout with the bank's reference.
    const officerView = await officerReadsContract(page, id);
    const officer = officerView.page();
    await officerView.getByText('გავლილია').waitFor();
    const evidence = officerView.getByRole('region', { name: 'ხელმოწერის მტკიცებულება' });
    expect(await termIn(evidence, 'ტელეფონი, რომელზეც კოდი გაიგზავნა')).toBe(customer.phone);
    expect(await termIn(evidence, 'პირადი ნომერი (SSO)')).toBe(customer.personalNumber);
    expect(await termIn(evidence, 'ხელმოწერილი დოკუმენტის SHA-256')).toMatch(/^[0-9a-f]{64}$/);
    const officerPayout = officerView.getByRole('region', { name: 'ჩარიცხვა' });
    expect(await termIn(officerPayout, 'ჩარიცხვის მდგომარეობა')).toBe('ჩარიცხულია');
    expect(await termIn(officerPayout, 'ბანკის გადარიცხვის ნომერი')).toBe(reference);
    const signedRow = officerView
      .getByRole('row')
      .filter({ hasText: `ხელმოწერილი ხელშეკრულება №${contractNumber}` });
    const officerDownload = officer.waitForEvent('download');
    await signedRow.getByRole('button', { name: 'ჩამოტვირთვა', exact: false }).click();
    expect((await bytesOf(await officerDownload)).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoAxeViolations(officer);
    await officer.context().close();
  });

  test('another customer withdraws before any money is paid out, owing nothing', async ({
    page,
  }) => {
    // 97: the sandbox bank refuses the account, so no payout can overtake the withdrawal.
    const customer = customerEnding('97');
    const id = await approvedCustomerOnContract(page, customer);
    const contractNumber = (await keyTerm(page, 'ხელშეკრულების ნომერი')) ?? '';
    await chooseDayAndAccount(page, '5');
    await confirmWithCode(page, customer, 'ხელმოწერა SMS კოდით', contractNumber, 'ხელმოწერა');
    await page.getByText('სტატუსი: ხელმოწერილი').waitFor();
    await page
      .getByRole('region', { name: 'თანხის ჩარიცხვა' })
      .getByText('ბანკმა ანგარიშზე', { exact: false })
      .waitFor({ timeout: 30_000 });

    const withdrawal = page.getByRole('region', { name: 'ხელშეკრულებაზე უარის თქმა' });
    await withdrawal.getByText('ხელმოწერიდან 14 დღის განმავლობაში', { exact: false }).waitFor();
    await withdrawal.getByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' }).click();
    await withdrawal
      .getByText('თანხა ჯერ არ ჩარიცხულა: უარის შემთხვევაში სესხი არ გაიცემა', { exact: false })
      .waitFor();
    await expectNoAxeViolations(page);
    await confirmWithCode(
      page,
      customer,
      'ხელშეკრულებაზე უარის თქმა',
      contractNumber,
      'უარის დადასტურება',
    );

    const done = page.getByRole('region', { name: 'ხელშეკრულებაზე უარი მიღებულია' });
    await done.getByText('სესხი არ გაიცემა და არაფრის გადახდა არ მოგიწევთ.').waitFor();
    await page.getByText('სტატუსი: ხელშეკრულებაზე უარი ითქვა').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'პირად გვერდზე გადასვლა' }).click();
    await waitForPath(page, '/main');
    expect((await applicationRows(page))[0]?.status).toContain('ხელშეკრულებაზე უარი ითქვა');
    expect(
      await page.getByRole('region', { name: `განაცხადი №${String(id)}`, exact: false }).count(),
    ).toBe(0);
  });
});
