import { screen, waitFor, within } from '@testing-library/react';
import type { Contract } from '@sesxi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesSentTo,
  fieldErrors,
  jsonResponse,
  ok,
  requestsTo,
} from '../../../test/api-fixtures';
import { bodyRowsOf } from '../../../test/table';
import { setLocale } from '../../../shared/i18n/i18n';
import {
  contractAnswer,
  ibanFixture,
  offeredContract,
  readyContract,
  renderContractScreen,
  signedContract,
} from './contract-fixtures';

const nbsp = '\u00a0';
const region = (name: string) => screen.getByRole('region', { name });
const signing = () => region('ხელმოწერა SMS კოდით');
const sendCodeIn = (container: HTMLElement) =>
  within(container).getByRole('button', { name: 'კოდის გაგზავნა' });

/** The key-terms sheet as read: each term and its value, in order. */
function keyTermsOf(): [string | null, string | null | undefined][] {
  return within(region('ხელშეკრულების მნიშვნელოვანი პირობები'))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('/loans/{id}/contract: the key terms', () => {
  it('gives the key terms first, every fee and the total, the schedule closed behind its button', async () => {
    const { user } = renderContractScreen(offeredContract);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ხელშეკრულება' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('სტატუსი: ხელმოსაწერი')).toBeInTheDocument();
    expect(keyTermsOf()).toEqual([
      ['ხელშეკრულების ნომერი', 'SX-2026-000007'],
      ['სესხის თანხა', `2000,00${nbsp}₾`],
      ['ვადა', '3 თვე'],
      ['ყოველთვიური გადახდის დღე', 'ყოველი თვის 15 რიცხვი'],
      ['პირველი გადახდის თარიღი', '2026-12-15'],
      ['ყოველთვიური შენატანი', `712,45${nbsp}₾`],
      ['ნომინალური წლიური საპროცენტო განაკვეთი', '24,00%'],
      ['ეფექტური წლიური საპროცენტო განაკვეთი', '41,37%'],
      ['გაცემის საკომისიო (ერთჯერადი, იქვითება გასაცემი თანხიდან)', `50,00${nbsp}₾`],
      ['მომსახურების საკომისიო (ყოველთვიური)', `2,00${nbsp}₾`],
      ['დასაბრუნებელი ჯამური თანხა (ყველა საკომისიოს ჩათვლით)', `2193,35${nbsp}₾`],
      ['შეთავაზება მოქმედებს (ჩათვლით)', '2026-12-04'],
    ]);

    // Not in the first paint: the rows render once the customer opens it.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'დაფარვის სრული გრაფიკი' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const schedule = screen.getByRole('table', { name: 'ხელშეკრულების დაფარვის გრაფიკი' });
    expect(bodyRowsOf(schedule)[0]).toEqual([
      '1',
      '2026-12-15',
      `712,45${nbsp}₾`,
      `658,45${nbsp}₾`,
      `52,00${nbsp}₾`,
      `2,00${nbsp}₾`,
      `1341,55${nbsp}₾`,
    ]);
  });

  it('shows the e-contract agreement before the first signature only', async () => {
    renderContractScreen(offeredContract);
    const agreement = await screen.findByRole('region', {
      name: 'თანხმობა ხელშეკრულების ელექტრონულად დადებაზე',
    });
    expect(agreement).toHaveTextContent('SMS კოდი ჩემი ხელმოწერის ტოლფასი იყოს');
    expect(agreement).toHaveTextContent('კოდით ხელმოწერისას ამ პირობებსაც ეთანხმებით.');
  });

  it('leaves the agreement out once the customer has agreed to it', async () => {
    renderContractScreen({ ...readyContract, e_contract_consent: null });
    await screen.findByText('სტატუსი: ხელმოსაწერი');
    expect(
      screen.queryByRole('region', { name: 'თანხმობა ხელშეკრულების ელექტრონულად დადებაზე' }),
    ).not.toBeInTheDocument();
  });

  it('says when an unsigned offer expired, and offers nothing to sign', async () => {
    renderContractScreen({ ...offeredContract, status: 'expired' });
    expect(
      await screen.findByText(
        'შეთავაზება მოქმედებდა 2026-12-04-მდე და ხელი არ მოეწერა. საჭიროების შემთხვევაში შეავსეთ ახალი განაცხადი.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'კოდის გაგზავნა' })).not.toBeInTheDocument();
  });

  it('shows the not-found screen for an application that is not the customer’s', async () => {
    renderContractScreen(offeredContract, {
      'GET /api/loans/7/contract': () =>
        jsonResponse({ status: 'error', message: 'მოთხოვნილი რესურსი ვერ მოიძებნა' }, 404),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'გვერდი ვერ მოიძებნა' }),
    ).toBeInTheDocument();
  });

  it('downloads the current PDF behind the session, for the browser to open', async () => {
    const createObjectURL = vi.fn(() => 'blob:contract');
    class DownloadingUrl extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', DownloadingUrl);
    const { user, fetchMock } = renderContractScreen(readyContract, {
      'GET /api/loans/7/contract.pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'ხელშეკრულების წაკითხვა (PDF)' }));
    await waitFor(() => {
      expect(createObjectURL).toHaveBeenCalledTimes(1);
    });
    const [request] = requestsTo(fetchMock, 'GET /api/loans/7/contract.pdf');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-abc');
  });
});

describe('/loans/{id}/contract: the payment day and the account', () => {
  const recomputed: Contract = {
    ...readyContract,
    payment_day: 20,
    first_payment_date: '2026-12-20',
    monthly_payment: 715.1,
    effective_rate: 41.9,
  };

  it('saves them, recomputed by the server, and shows the new figures', async () => {
    const { user, fetchMock } = renderContractScreen(offeredContract, {
      'PUT /api/loans/7/contract': () => contractAnswer(recomputed),
    });
    const day = await screen.findByLabelText('ყოველთვიური გადახდის დღე');
    expect(day).toHaveDisplayValue('15 რიცხვი');
    expect(within(day).getAllByRole('option')).toHaveLength(28);
    await user.selectOptions(day, '20');
    await user.type(
      screen.getByLabelText('ანგარიშის ნომერი (IBAN)'),
      'ge29 nb00 0000 0101 9049 17',
    );
    await user.click(screen.getByRole('button', { name: 'შენახვა და გადაანგარიშება' }));

    expect(
      await screen.findByText('შენახულია: ხელშეკრულების პირობები ხელახლა გაანგარიშდა.'),
    ).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'PUT /api/loans/7/contract')).toEqual([
      { payment_day: 20, iban: 'ge29 nb00 0000 0101 9049 17' },
    ]);
    expect(keyTermsOf()).toEqual(
      expect.arrayContaining([
        ['ყოველთვიური გადახდის დღე', 'ყოველი თვის 20 რიცხვი'],
        ['პირველი გადახდის თარიღი', '2026-12-20'],
        ['ყოველთვიური შენატანი', `715,10${nbsp}₾`],
        ['ეფექტური წლიური საპროცენტო განაკვეთი', '41,90%'],
        ['ანგარიში, რომელზეც თანხა ჩაირიცხება', ibanFixture],
      ]),
    );
    // The server's spelling of the account, ready to be signed.
    expect(screen.getByLabelText('ანგარიშის ნომერი (IBAN)')).toHaveValue(ibanFixture);
    expect(sendCodeIn(signing())).toBeEnabled();
  });

  it('shows the server’s field errors under the payment day and the IBAN', async () => {
    const { user } = renderContractScreen(offeredContract, {
      'PUT /api/loans/7/contract': () =>
        fieldErrors({
          payment_day: ['ამ დღით ეფექტური განაკვეთი 50%-ს აღემატება'],
          iban: ['ანგარიშის ნომერი (IBAN) არასწორია: გადაამოწმეთ ციფრები'],
        }),
    });
    await user.type(
      await screen.findByLabelText('ანგარიშის ნომერი (IBAN)'),
      'GE00NB0000000101904917',
    );
    await user.click(screen.getByRole('button', { name: 'შენახვა და გადაანგარიშება' }));

    const day = screen.getByLabelText('ყოველთვიური გადახდის დღე');
    const iban = screen.getByLabelText('ანგარიშის ნომერი (IBAN)');
    await waitFor(() => {
      expect(iban).toHaveAttribute('aria-invalid', 'true');
    });
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAccessibleDescription(
      expect.stringContaining('ამ დღით ეფექტური განაკვეთი 50%-ს აღემატება') as string,
    );
    expect(iban).toHaveAccessibleDescription(
      expect.stringContaining('ანგარიშის ნომერი (IBAN) არასწორია: გადაამოწმეთ ციფრები') as string,
    );
    expect(day).toHaveFocus();
  });

  it('asks for the account before a code can be sent', async () => {
    renderContractScreen(offeredContract);
    await screen.findByText('სტატუსი: ხელმოსაწერი');
    expect(sendCodeIn(signing())).toBeDisabled();
    expect(signing()).toHaveTextContent('ხელმოსაწერად ჯერ მიუთითეთ და შეინახეთ ანგარიშის ნომერი.');
  });

  it('holds the code back while a changed day is not saved: the saved terms are what is signed', async () => {
    const { user } = renderContractScreen(readyContract);
    await user.selectOptions(await screen.findByLabelText('ყოველთვიური გადახდის დღე'), '3');
    expect(sendCodeIn(signing())).toBeDisabled();
    expect(signing()).toHaveTextContent('ჯერ შეინახეთ ცვლილებები: ხელს მოაწერთ შენახულ პირობებს.');
  });
});

describe('/loans/{id}/contract: signing with a code', () => {
  it('texts a code, takes it in a one-time-code field and signs; then says where the money is', async () => {
    let signed = false;
    const { user, fetchMock } = renderContractScreen(readyContract, {
      'GET /api/loans/7/contract': () => contractAnswer(signed ? signedContract : readyContract),
      'POST /api/loans/7/contract/code': ok,
      'POST /api/loans/7/contract/sign': (body) => {
        if ((body as { code: string }).code !== '123456') {
          return fieldErrors({ code: ['კოდი არასწორია'] });
        }
        signed = true;
        return contractAnswer(signedContract);
      },
    });
    await user.click(sendCodeIn(await waitFor(signing)));
    expect(await within(signing()).findByRole('status')).toHaveTextContent(
      'კოდი გაიგზავნა თქვენს ტელეფონზე.',
    );
    expect(
      within(signing()).getByText('ახალი კოდის მოთხოვნა შესაძლებელი იქნება 15 წამში'),
    ).toBeInTheDocument();
    expect(sendCodeIn(signing())).toBeDisabled();

    const code = within(signing()).getByLabelText('კოდი');
    await waitFor(() => {
      expect(code).toHaveFocus();
    });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription('SMS-ით მიღებული 6-ნიშნა კოდი');

    await user.type(code, '12345');
    await user.click(within(signing()).getByRole('button', { name: 'ხელმოწერა' }));
    expect(await within(signing()).findByText('კოდი უნდა შედგებოდეს 6 ციფრისგან')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST /api/loans/7/contract/sign')).toEqual([]);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(signing()).getByRole('button', { name: 'ხელმოწერა' }));
    expect(await within(signing()).findByText('კოდი არასწორია')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(signing()).getByRole('button', { name: 'ხელმოწერა' }));
    expect(await screen.findByText('სტატუსი: ხელმოწერილი')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/loans/7/contract/sign')).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
    expect(screen.getByText('ხელმოწერის დრო: 27.11.2026 12:10')).toBeInTheDocument();
    expect(region('თანხის ჩარიცხვა')).toHaveTextContent(
      `თანხა ირიცხება ანგარიშზე ${ibanFixture}. ჩარიცხვისთანავე SMS-ით შეგატყობინებთ.`,
    );
    expect(
      screen.getByRole('button', { name: 'ხელმოწერილი ხელშეკრულება (PDF)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ხელმოწერა SMS კოდით' })).toBeNull();
  });

  it('shows why a code cannot be sent before the document check, with the way to it', async () => {
    const message = 'ხელშეკრულების ხელმოსაწერად ჯერ დოკუმენტის შემოწმება უნდა გაიაროთ';
    const { user } = renderContractScreen(readyContract, {
      'POST /api/loans/7/contract/code': () => jsonResponse({ status: 'error', message }, 403),
    });
    await user.click(sendCodeIn(await waitFor(signing)));
    const refusal = await within(signing()).findByRole('alert');
    expect(refusal).toHaveTextContent(message);
    expect(
      within(refusal).getByRole('link', { name: 'დოკუმენტის შემოწმებაზე გადასვლა' }),
    ).toHaveAttribute('href', '/main');
    expect(within(signing()).queryByLabelText('კოდი')).not.toBeInTheDocument();
  });

  it('shows any other refusal to send a code in the server’s words', async () => {
    const message = 'ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით';
    const { user } = renderContractScreen(readyContract, {
      'POST /api/loans/7/contract/code': () =>
        jsonResponse({ status: 'error', message }, 429, { 'Retry-After': '40' }),
    });
    await user.click(sendCodeIn(await waitFor(signing)));
    expect(await within(signing()).findByRole('alert')).toHaveTextContent(message);
    expect(
      within(signing()).getByText('ახალი კოდის მოთხოვნა შესაძლებელი იქნება 40 წამში'),
    ).toBeInTheDocument();
    expect(within(signing()).queryByRole('link')).toBeNull();
  });
});

describe('/loans/{id}/contract: after signing', () => {
  it('gives a paid-out loan’s bank reference and time', async () => {
    renderContractScreen({
      ...signedContract,
      payout: {
        state: 'paid',
        bank_reference: 'TBC-20261127-0042',
        paid_at: '2026-11-27 12:11:40',
      },
    });
    const payout = await screen.findByRole('region', { name: 'თანხის ჩარიცხვა' });
    expect(payout).toHaveTextContent(`თანხა ჩაირიცხა ანგარიშზე ${ibanFixture}.`);
    expect(within(payout).getByText('TBC-20261127-0042')).toBeInTheDocument();
    expect(within(payout).getByText('27.11.2026 12:11')).toBeInTheDocument();
  });

  it('after the bank refused the account, asks for another and a new signature', async () => {
    const refused: Contract = {
      ...signedContract,
      payout: { state: 'refused', bank_reference: null, paid_at: null },
      withdrawable_until: null,
    };
    const otherIban = 'GE60TB0000000123456789';
    const { user, fetchMock } = renderContractScreen(refused, {
      'PUT /api/loans/7/contract': () =>
        contractAnswer({ ...refused, iban: otherIban, sha256: '7e'.repeat(32) }),
      'POST /api/loans/7/contract/code': ok,
    });
    expect(await screen.findByRole('region', { name: 'თანხის ჩარიცხვა' })).toHaveTextContent(
      `ბანკმა ანგარიშზე ${ibanFixture} თანხის ჩარიცხვა ვერ შეძლო.`,
    );
    const form = region('სხვა ანგარიშის მითითება');
    // The refused account is there to correct, but not to sign again as it is.
    expect(within(form).getByLabelText('ანგარიშის ნომერი (IBAN)')).toHaveValue(ibanFixture);
    expect(sendCodeIn(signing())).toBeDisabled();

    const iban = within(form).getByLabelText('ანგარიშის ნომერი (IBAN)');
    await user.clear(iban);
    await user.type(iban, otherIban);
    await user.click(within(form).getByRole('button', { name: 'შენახვა და გადაანგარიშება' }));
    await waitFor(() => {
      expect(sendCodeIn(signing())).toBeEnabled();
    });
    expect(bodiesSentTo(fetchMock, 'PUT /api/loans/7/contract')).toEqual([
      { payment_day: 15, iban: otherIban },
    ]);
    await user.click(sendCodeIn(signing()));
    expect(await within(signing()).findByLabelText('კოდი')).toBeInTheDocument();
  });
});

describe('/loans/{id}/contract: the withdrawal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Before the real day, so the session stored at the real time has not expired.
    vi.setSystemTime(new Date('2026-11-20T09:00:00Z'));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const withdrawalRegion = () => region('ხელშეკრულებაზე უარის თქმა');

  async function withdraw(user: ReturnType<typeof renderContractScreen>['user']) {
    const start = await screen.findByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' });
    expect(start).toHaveAttribute('aria-expanded', 'false');
    await user.click(start);
    expect(start).toHaveAttribute('aria-expanded', 'true');
    await user.click(sendCodeIn(withdrawalRegion()));
    await user.type(await within(withdrawalRegion()).findByLabelText('კოდი'), '246810');
    await user.click(within(withdrawalRegion()).getByRole('button', { name: 'უარის დადასტურება' }));
  }

  it('before the payout: nothing is owed, and the contract is withdrawn at once', async () => {
    let withdrawn = false;
    const { user, fetchMock } = renderContractScreen(signedContract, {
      'GET /api/loans/7/contract': () =>
        contractAnswer(
          withdrawn
            ? {
                ...signedContract,
                status: 'withdrawn',
                payout: { state: 'cancelled', bank_reference: null, paid_at: null },
              }
            : signedContract,
        ),
      'POST /api/loans/7/withdrawal/code': ok,
      'POST /api/loans/7/withdrawal': () => {
        withdrawn = true;
        return jsonResponse({
          status: 'success',
          withdrawal: { state: 'withdrawn', amount_due: 0, due_date: null },
        });
      },
    });
    expect(await screen.findByText(/2026-12-11-ის ჩათვლით/)).toBeInTheDocument();
    await withdraw(user);

    const done = await screen.findByRole('region', { name: 'ხელშეკრულებაზე უარი მიღებულია' });
    expect(done).toHaveTextContent('სესხი არ გაიცემა და არაფრის გადახდა არ მოგიწევთ.');
    expect(bodiesSentTo(fetchMock, 'POST /api/loans/7/withdrawal')).toEqual([{ code: '246810' }]);
    expect(await screen.findByText('სტატუსი: ხელშეკრულებაზე უარი ითქვა')).toBeInTheDocument();
    expect(region('თანხის ჩარიცხვა')).toHaveTextContent('თანხის ჩარიცხვა გაუქმდა.');
    expect(
      screen.queryByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' }),
    ).not.toBeInTheDocument();
  });

  it('says before the code what it costs: nothing before the payout', async () => {
    const { user } = renderContractScreen(signedContract);
    await user.click(await screen.findByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' }));
    expect(withdrawalRegion()).toHaveTextContent(
      'თანხა ჯერ არ ჩარიცხულა: უარის შემთხვევაში სესხი არ გაიცემა და არაფრის გადახდა არ მოგიწევთ.',
    );
    await user.click(
      within(withdrawalRegion()).getByRole('button', { name: 'არა, ხელშეკრულება დარჩეს' }),
    );
    const start = screen.getByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' });
    expect(start).toHaveAttribute('aria-expanded', 'false');
    expect(start).toHaveFocus();
  });

  it('after the payout: the principal and the days’ interest by the date the server gives', async () => {
    const paid: Contract = {
      ...signedContract,
      payout: { state: 'paid', bank_reference: 'TBC-1', paid_at: '2026-11-27 12:11:40' },
    };
    const { user } = renderContractScreen(paid, {
      'POST /api/loans/7/withdrawal/code': ok,
      'POST /api/loans/7/withdrawal': () =>
        jsonResponse({
          status: 'success',
          withdrawal: { state: 'withdrawing', amount_due: 2004.6, due_date: '2026-12-30' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' }));
    expect(withdrawalRegion()).toHaveTextContent(
      'თანხა უკვე ჩაირიცხა: უარის შემთხვევაში 30 დღის განმავლობაში უნდა დაგვიბრუნოთ მიღებული თანხა და პროცენტი',
    );
    await user.click(
      within(withdrawalRegion()).getByRole('button', { name: 'არა, ხელშეკრულება დარჩეს' }),
    );
    await withdraw(user);
    const done = await screen.findByRole('region', { name: 'ხელშეკრულებაზე უარი მიღებულია' });
    const figures = within(done)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['დასაბრუნებელი თანხა', `2004,60${nbsp}₾`],
      ['ბოლო ვადა', '2026-12-30'],
    ]);
  });

  it('is not offered once the 14 days are over', async () => {
    renderContractScreen({ ...signedContract, withdrawable_until: '2026-11-19' });
    await screen.findByText('სტატუსი: ხელმოწერილი');
    expect(
      screen.queryByRole('button', { name: 'ხელშეკრულებაზე უარის თქმა' }),
    ).not.toBeInTheDocument();
  });
});

describe('/loans/{id}/contract in English', () => {
  it('names the terms and the steps in English, the fees in the server’s words', async () => {
    await setLocale('en');
    try {
      renderContractScreen(readyContract);
      expect(await screen.findByText('Status: Awaiting your signature')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Key terms of the contract' })).toHaveTextContent(
        'Total to repay (every fee included)',
      );
      expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
    } finally {
      await setLocale('ka');
    }
  });
});
