import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, fieldErrors, jsonResponse, requestsTo } from '../../../test/api-fixtures';
import { bodyRowsOf, columnHeadersOf } from '../../../test/table';
import { setLocale } from '../../../shared/i18n/i18n';
import {
  accountAnswer,
  currentAccount,
  overdueAccount,
  paidOffAccount,
  renderAccountScreen,
} from './account-fixtures';

const nbsp = '\u00a0';
const lari = (amount: string) => `${amount}${nbsp}₾`;
const region = (name: string) => screen.getByRole('region', { name });

/** A list of term → value pairs as read (a FieldList). */
function termsOf(container: HTMLElement): [string | null, string | null | undefined][] {
  return within(container)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('ka');
});

describe('/loans/{id}: the loan at a glance', () => {
  it('gives the balance, the next payment, the schedule with states and the transactions', async () => {
    renderAccountScreen(currentAccount);
    expect(await screen.findByRole('heading', { level: 1, name: 'სესხი № 7' })).toBeInTheDocument();
    expect(await screen.findByText('სტატუსი: აქტიური')).toBeInTheDocument();
    expect(termsOf(screen.getByText('დარჩენილი ძირი').closest('dl') as HTMLElement)).toEqual([
      ['დარჩენილი ძირი', lari('1341,55')],
      ['შემდეგი გადახდა', `${lari('712,45')}, 2027-01-15`],
    ]);
    expect(screen.queryByText(/ვადაგადაცილება:/)).not.toBeInTheDocument();

    const schedule = screen.getByRole('table', { name: 'დაფარვის გრაფიკი და გადახდების სტატუსი' });
    expect(columnHeadersOf(schedule)).toEqual([
      '№',
      'თარიღი',
      'ძირი',
      'პროცენტი',
      'შენატანი',
      'გადახდილი',
      'სტატუსი',
    ]);
    expect(
      within(schedule)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['1', '2', '3']);
    expect(bodyRowsOf(schedule).map((row) => row.at(-1))).toEqual([
      '✓ გადახდილი',
      'გადასახდელი',
      'მომავალი',
    ]);
    // On a phone the same instalments are cards, their fields named.
    const cards = within(
      screen.getByRole('list', { name: 'დაფარვის გრაფიკი და გადახდების სტატუსი' }),
    ).getAllByRole('listitem');
    expect(termsOf(cards[1] as HTMLElement)).toContainEqual(['შენატანი', lari('712,45')]);

    const ledger = screen.getByRole('table', { name: 'ოპერაციები' });
    expect(bodyRowsOf(ledger)).toEqual([
      ['2026-11-15', 'სესხის გაცემა', lari('2000,00'), '—', 'PAYOUT-7'],
      [
        '2026-12-15',
        'გადახდა',
        lari('712,45'),
        `პროცენტი ${lari('54,00')}; ძირი ${lari('658,45')}`,
        '—',
      ],
    ]);
    expect(screen.getByRole('link', { name: /ჩემი დოკუმენტები/ })).toHaveAttribute(
      'href',
      '/documents',
    );
  });

  it('shows what is late in red words: days, amount, its parts and the caps left', async () => {
    renderAccountScreen(overdueAccount);
    const headline = await screen.findByText('ვადაგადაცილება: 5 დღე, გადასახდელი 730,56 ₾');
    expect(headline).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    const notice = headline.parentElement as HTMLElement;
    expect(termsOf(notice)).toEqual([
      ['ძირი', lari('683,62')],
      ['პროცენტი', lari('28,83')],
      ['პირგასამტეხლო', lari('18,11')],
      ['ვადაგადაცილების ხარჯების ზღვრამდე დარჩენილი', lari('1994,22')],
    ]);
    const schedule = screen.getByRole('table', { name: 'დაფარვის გრაფიკი და გადახდების სტატუსი' });
    expect(bodyRowsOf(schedule)[1]?.at(-1)).toBe('! ვადაგადაცილებული');
  });

  it('tells how to pay at a terminal and by transfer: the lender’s account, the personal number as the code', async () => {
    renderAccountScreen(currentAccount);
    const terminal = await screen.findByRole('region', {
      name: 'გადახდა ტერმინალით ან გადარიცხვით',
    });
    expect(terminal).toHaveTextContent('გადახდის კოდად მიუთითეთ თქვენი პირადი ნომერი.');
    expect(termsOf(terminal)).toEqual([
      ['ბანკი', 'საქართველოს ბანკი'],
      ['ანგარიშის ნომერი (IBAN)', 'GE59BG0000000123456789'],
      ['გადახდის დანიშნულება', '01001011011'],
    ]);
    expect(terminal).not.toHaveTextContent(/ცხელ ხაზზე/);
    expect(within(terminal).getByRole('link', { name: '032 2 00 00 00' })).toBeInTheDocument();
  });

  it('leaves the lender’s account to the hotline when none is configured', async () => {
    renderAccountScreen(currentAccount, {
      'GET /api/loans/7/account': () => accountAnswer(currentAccount, null),
    });
    const terminal = await screen.findByRole('region', {
      name: 'გადახდა ტერმინალით ან გადარიცხვით',
    });
    expect(terminal).toHaveTextContent('ჩვენი ანგარიშის ნომერს გეტყვით ცხელ ხაზზე.');
    expect(within(terminal).queryAllByRole('term')).toEqual([]);
  });

  it('says it all in English too', async () => {
    await setLocale('en');
    renderAccountScreen(overdueAccount);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan No. 7' })).toBeVisible();
    expect(await screen.findByText('Overdue: 5 days, 730,56 ₾ to pay')).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Repayment schedule and payment states' }),
    ).toBeInTheDocument();
    const terminal = screen.getByRole('region', { name: 'Pay at a terminal or by transfer' });
    expect(termsOf(terminal).map(([term]) => term)).toEqual([
      'Bank',
      'Account number (IBAN)',
      'Payment purpose',
    ]);
  });

  it('names an advance of interest released by a payoff, in Georgian and English', async () => {
    renderAccountScreen(paidOffAccount);
    const ledger = await screen.findByRole('table', { name: 'ოპერაციები' });
    expect(bodyRowsOf(ledger).slice(-1)).toEqual([
      [
        '2026-12-20',
        'წინასწარ გადახდილი პროცენტის ჩათვლა',
        lari('0,00'),
        `პროცენტი ${lari('-7,40')}; ძირი ${lari('7,40')}`,
        'PAYOFF-7',
      ],
    ]);
    await setLocale('en');
    expect(
      bodyRowsOf(await screen.findByRole('table', { name: 'Transactions' })).slice(-1)[0]?.[1],
    ).toBe('Interest paid in advance released');
  });

  it('shows the not-found screen for a loan that is not the customer’s', async () => {
    renderAccountScreen(currentAccount, {
      'GET /api/loans/7/account': () =>
        jsonResponse({ status: 'error', message: 'ჩანაწერი ვერ მოიძებნა' }, 404),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /ვერ მოიძებნა/ })).toBeVisible();
  });
});

describe('/loans/{id}: the payoff quote', () => {
  it('asks for the chosen date and gives principal, interest, fee and total', async () => {
    const { user, fetchMock } = renderAccountScreen(currentAccount, {
      'GET /api/loans/7/payoff': (_body, query) =>
        jsonResponse({
          status: 'success',
          payoff: {
            date: query.get('date'),
            principal: 1341.55,
            interest: 12.4,
            penalty: 0,
            fee: 0,
            total: 1353.95,
          },
        }),
    });
    const payoff = await screen.findByRole('region', { name: 'სესხის წინსწრებით სრულად დაფარვა' });
    const date = within(payoff).getByLabelText(/დაფარვის თარიღი/);
    await user.clear(date);
    await user.type(date, '2026-12-20');
    await user.click(within(payoff).getByRole('button', { name: 'თანხის გაანგარიშება' }));
    const quote = await within(payoff).findByRole('status');
    await within(quote).findByText('სულ დასაფარი 2026-12-20');
    expect(termsOf(quote)).toEqual([
      ['ძირი', lari('1341,55')],
      ['პროცენტი', lari('12,40')],
      ['წინსწრებით დაფარვის საკომისიო', lari('0,00')],
      ['სულ დასაფარი 2026-12-20', lari('1353,95')],
    ]);
    expect(requestsTo(fetchMock, 'GET /api/loans/7/payoff')[0]?.url).toContain('date=2026-12-20');
  });

  it('names interest paid in advance that the quote deducts', async () => {
    const { user } = renderAccountScreen(currentAccount, {
      'GET /api/loans/7/payoff': (_body, query) =>
        jsonResponse({
          status: 'success',
          payoff: {
            date: query.get('date'),
            principal: 1341.55,
            interest: -7.4,
            penalty: 0,
            fee: 0,
            total: 1334.15,
          },
        }),
    });
    const payoff = await screen.findByRole('region', { name: 'სესხის წინსწრებით სრულად დაფარვა' });
    await user.click(within(payoff).getByRole('button', { name: 'თანხის გაანგარიშება' }));
    const quote = await within(payoff).findByRole('status');
    await within(quote).findByText(/^სულ დასაფარი/);
    expect(termsOf(quote)[1]).toEqual([
      'წინასწარ გადახდილი პროცენტი, რომელიც ჩაგეთვლებათ',
      lari('-7,40'),
    ]);
  });

  it('shows the server’s refusal of a date under the field', async () => {
    const { user } = renderAccountScreen(currentAccount, {
      'GET /api/loans/7/payoff': () =>
        fieldErrors({ date: ['თარიღი არ შეიძლება იყოს 2026-12-16-ზე ადრე'] }),
    });
    const payoff = await screen.findByRole('region', { name: 'სესხის წინსწრებით სრულად დაფარვა' });
    const date = within(payoff).getByLabelText(/დაფარვის თარიღი/);
    await user.clear(date);
    await user.type(date, '2026-12-01');
    await user.click(within(payoff).getByRole('button', { name: 'თანხის გაანგარიშება' }));
    expect(
      await within(payoff).findByText('თარიღი არ შეიძლება იყოს 2026-12-16-ზე ადრე'),
    ).toBeVisible();
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/loans/{id}: paying by card', () => {
  function goingTo() {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
    return assign;
  }

  it('prefills the next payment and goes to the gateway for an instalment', async () => {
    const assign = goingTo();
    const { user, fetchMock } = renderAccountScreen(currentAccount, {
      'POST /api/loans/7/card-payments': () =>
        jsonResponse({ status: 'success', redirect_url: 'https://gateway.test/order/1' }),
    });
    const card = await screen.findByRole('region', { name: 'ბარათით გადახდა' });
    expect(within(card).getByLabelText(/თანხა/)).toHaveValue('712,45');
    expect(
      within(card).getByRole('radio', { name: /მიმდინარე ან ვადაგადაცილებული/ }),
    ).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'ბარათით გადახდა' }));
    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://gateway.test/order/1');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/loans/7/card-payments')).toEqual([
      { amount: 712.45, purpose: 'instalment' },
    ]);
  });

  it('prefills the overdue total when something is late', async () => {
    goingTo();
    renderAccountScreen(overdueAccount);
    const card = await screen.findByRole('region', { name: 'ბარათით გადახდა' });
    expect(within(card).getByLabelText(/თანხა/)).toHaveValue('730,56');
  });

  it.each([
    ['shortens the term by default', undefined, 'payment'],
    ['lowers the monthly payment when the customer chooses it', /ყოველთვიური შენატანი/, 'term'],
  ])('sends a prepayment that %s', async (_case, choice, keep) => {
    goingTo();
    const { user, fetchMock } = renderAccountScreen(currentAccount, {
      'POST /api/loans/7/card-payments': () =>
        jsonResponse({ status: 'success', redirect_url: 'https://gateway.test/order/2' }),
    });
    const card = await screen.findByRole('region', { name: 'ბარათით გადახდა' });
    const note = /წინსწრებით შენატანი ამცირებს სესხის ძირს/;
    const after = { name: 'წინსწრებით დაფარვის შემდეგ' };
    expect(within(card).queryByText(note)).not.toBeInTheDocument();
    expect(within(card).queryByRole('group', after)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: /წინსწრებით დაფარვა/ }));
    expect(within(card).getByText(note)).toBeVisible();
    const keeps = within(card).getByRole('group', after);
    expect(within(keeps).getByRole('radio', { name: /სესხის ვადა/ })).toBeChecked();
    if (choice) await user.click(within(keeps).getByRole('radio', { name: choice }));
    const amount = within(card).getByLabelText(/თანხა/);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(card).getByRole('button', { name: 'ბარათით გადახდა' }));
    await vi.waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/loans/7/card-payments')).toEqual([
        { amount: 500, purpose: 'prepayment', keep },
      ]);
    });
  });

  it('refuses an empty amount before asking the server', async () => {
    const { user, fetchMock } = renderAccountScreen(currentAccount);
    const card = await screen.findByRole('region', { name: 'ბარათით გადახდა' });
    await user.clear(within(card).getByLabelText(/თანხა/));
    await user.click(within(card).getByRole('button', { name: 'ბარათით გადახდა' }));
    expect(
      await within(card).findByText('გთხოვთ, მიუთითოთ თანხა ლარებში, მაგალითად 150,00'),
    ).toBeVisible();
    expect(requestsTo(fetchMock, 'POST /api/loans/7/card-payments')).toHaveLength(0);
  });

  it('offers no payment on a repaid loan', async () => {
    renderAccountScreen({ ...currentAccount, status: 'repaid', next_payment: null });
    expect(await screen.findByText('სტატუსი: სრულად დაფარული')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'ბარათით გადახდა' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'სესხის წინსწრებით სრულად დაფარვა' }),
    ).not.toBeInTheDocument();
    expect(region('ოპერაციები')).toBeInTheDocument();
  });
});
