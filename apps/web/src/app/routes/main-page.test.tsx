import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerFixture, jsonResponse, requestsTo, type ApiAnswer } from '../../test/api-fixtures';
import { wordingSha256Fixture } from '../../test/consent-wording';
import { renderApp } from '../../test/render-app';
import { bodyRowsOf, columnHeadersOf } from '../../test/table';
import { session } from '../../shared/session/session';
import {
  accountAnswer,
  currentAccount,
  overdueAccount,
} from '../../features/loans/account/account-fixtures';

const gateAnswers: Record<string, ApiAnswer> = {
  'GET /api/sda-checking': () =>
    jsonResponse({
      status: 'success',
      sda_info_text: 'ტექსტი',
      sda_info_html: '<p>ტექსტი</p>',
      sda_info_version: 1,
      sda_info_sha256: wordingSha256Fixture,
    }),
  'GET /api/questionnaires/create': () =>
    jsonResponse({ status: 'success', cities: [], activitySpheres: [] }),
  'GET /api/questionnaires': () =>
    jsonResponse({
      status: 'success',
      questionnaire: null,
      privacy_policy_agreement_text: '',
      privacy_policy_info_version: 1,
      privacy_policy_info_sha256: wordingSha256Fixture,
    }),
};

const nbsp = '\u00a0';

/** A rejection with one reason, as /api/loans-show sends it. */
const rejection = (reason: string, code: string, decidedAt: string) => ({
  state: 'rejected',
  amount: null,
  months: null,
  monthly_payment: null,
  effective_rate: null,
  reasons: [reason],
  reason_codes: [code],
  decided_at: decidedAt,
  schedule: [],
});

const loans = [
  {
    id: 2,
    created_at: '2026-10-01 09:15:00',
    amount: 800,
    months: 6,
    monthly_payment: 150.2,
    effective_rate: 31.4,
    loan_status: { code: 'cancelled', name: 'გაუქმებული' },
  },
  {
    id: 5,
    created_at: '2026-11-20 18:40:12',
    amount: 12500.5,
    months: 24,
    monthly_payment: 700.8,
    effective_rate: 28.9,
    loan_status: { code: 'consented', name: 'თანხმობა მიცემულია' },
  },
  {
    id: 3,
    created_at: '2026-10-15 11:00:00',
    amount: 3000,
    months: 12,
    monthly_payment: 290.1,
    effective_rate: 30.2,
    loan_status: { code: 'approved', name: 'დამტკიცებული' },
  },
];

function renderMain(answer: ApiAnswer = () => jsonResponse({ status: 'success', loans })) {
  session.set(customerFixture);
  return renderApp('/main', { 'GET /api/loans-show': answer });
}

describe('/main', () => {
  it('greets the customer on the personal page', async () => {
    renderMain();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პირადი გვერდი' }),
    ).toBeInTheDocument();
    expect(screen.getByText('გამარჯობა, ნინო!')).toBeInTheDocument();
  });

  it.each([
    [
      'the personal-data check',
      { is_sda_verified: false, has_questionnaire: false },
      '/sda-checking',
    ],
    ['the questionnaire', { has_questionnaire: false }, '/questionnaire'],
  ])('sends a customer who has not passed %s there first', async (_, profile, gate) => {
    session.set({ ...customerFixture, ...profile });
    const { router } = renderApp('/main', gateAnswers);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(gate);
    });
  });

  it('offers a new application when none is open', async () => {
    renderMain(() =>
      jsonResponse({ status: 'success', loans: loans.filter((loan) => loan.id !== 5) }),
    );
    expect(await screen.findByRole('link', { name: 'ახალი განაცხადი' })).toHaveAttribute(
      'href',
      '/loan',
    );
    expect(screen.queryByRole('region', { name: 'მიმდინარე განაცხადი' })).not.toBeInTheDocument();
  });

  it('after a rejection of the latest application, dates it and says what the customer can do next', async () => {
    const rejected = {
      ...loans[2],
      id: 7,
      created_at: '2026-11-21 09:00:00',
      loan_status: { code: 'rejected', name: 'უარყოფილი' },
      decision: rejection(
        'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
        'income_too_low',
        '2026-11-23 11:40:05',
      ),
    };
    renderMain(() => jsonResponse({ status: 'success', loans: [rejected, loans[0]] }));
    const steps = await screen.findByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' });
    expect(steps).toHaveTextContent('განაცხადი №7 უარყოფილია 2026-11-23 11:40.');
    expect(steps).toHaveTextContent('უფრო მცირე თანხა ან უფრო ხანგრძლივი ვადა');
    expect(within(steps).getByRole('link', { name: 'ახალი განაცხადი' })).toHaveAttribute(
      'href',
      '/loan',
    );
    expect(screen.getAllByRole('link', { name: 'ახალი განაცხადი' })).toHaveLength(1);
    const card = within(screen.getByRole('list', { name: 'ჩემი განაცხადები' })).getAllByRole(
      'listitem',
    )[0] as HTMLElement;
    expect(card).toHaveTextContent('გადაწყვეტილების თარიღი: 2026-11-23 11:40');
    expect(
      within(within(card).getByRole('list', { name: 'მიზეზები' })).getByRole('listitem'),
    ).toHaveTextContent('შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის');
  });

  it('offers only a new application when the latest was cancelled, even after an older rejection', async () => {
    const olderRejection = {
      ...loans[2],
      loan_status: { code: 'rejected', name: 'უარყოფილი' },
      decision: rejection(
        'გაქვთ ვადაგადაცილებული დავალიანება',
        'overdue_debt',
        '2026-10-16 10:00:00',
      ),
    };
    renderMain(() =>
      jsonResponse({
        status: 'success',
        loans: [{ ...loans[0], created_at: '2026-11-01 09:00:00' }, olderRejection],
      }),
    );
    expect(await screen.findByRole('link', { name: 'ახალი განაცხადი' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'რა შეგიძლიათ გააკეთოთ შემდეგ' })).toBeNull();
  });

  it('offers the open application instead of a new one, to continue at its step', async () => {
    renderMain();
    const open = await screen.findByRole('region', { name: 'მიმდინარე განაცხადი' });
    expect(open).toHaveTextContent('განაცხადი №5: 12 500,50 ₾, 24 თვე');
    expect(open).toHaveTextContent('სტატუსი: თანხმობა მიცემულია');
    expect(within(open).getByRole('link', { name: 'განაცხადის გაგრძელება' })).toHaveAttribute(
      'href',
      '/credit-info/5/identification',
    );
    expect(within(open).getByRole('button', { name: 'განაცხადის გაუქმება' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'ახალი განაცხადი' })).not.toBeInTheDocument();
  });

  it('continues a draft at its questionnaire review', async () => {
    renderMain(() =>
      jsonResponse({
        status: 'success',
        loans: [{ ...loans[1], loan_status: { code: 'draft', name: 'დრაფტი' } }],
      }),
    );
    const open = await screen.findByRole('region', { name: 'მიმდინარე განაცხადი' });
    expect(within(open).getByRole('link', { name: 'განაცხადის გაგრძელება' })).toHaveAttribute(
      'href',
      '/questionnaire-review/5',
    );
  });

  it.each([
    ['submitted', 'გაგზავნილი'],
    ['under_review', 'განხილვაშია'],
  ])(
    'lets a %s application be withdrawn after a confirmation, then offers a new one',
    async (code, name) => {
      const submitted = { ...loans[1], loan_status: { code, name } };
      let cancelled = false;
      session.set(customerFixture);
      const { user, fetchMock } = renderApp('/main', {
        'GET /api/loans-show': () =>
          jsonResponse({
            status: 'success',
            loans: [
              cancelled
                ? { ...submitted, loan_status: { code: 'cancelled', name: 'გაუქმებული' } }
                : submitted,
            ],
          }),
        'POST /api/credit-info/5/cancel': () => {
          cancelled = true;
          return jsonResponse({ status: 'success' });
        },
      });
      const open = await screen.findByRole('region', { name: 'მიმდინარე განაცხადი' });
      expect(open).toHaveTextContent(`სტატუსი: ${name}`);
      expect(within(open).queryByRole('link', { name: 'განაცხადის გაგრძელება' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'ახალი განაცხადი' })).not.toBeInTheDocument();

      await user.click(within(open).getByRole('button', { name: 'განაცხადის გამოთხოვა' }));
      const asked = await screen.findByRole('dialog', { name: 'განაცხადის გამოთხოვა' });
      expect(asked).toHaveTextContent('ის განხილვიდან მოიხსნება და გაუქმდება');
      await user.click(within(asked).getByRole('button', { name: 'არა, განაცხადი დარჩეს' }));
      await waitFor(() => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      });
      expect(requestsTo(fetchMock, 'POST /api/credit-info/5/cancel')).toEqual([]);

      await user.click(within(open).getByRole('button', { name: 'განაცხადის გამოთხოვა' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'დიახ, გააუქმეთ' }),
      );
      expect(await screen.findByRole('status')).toHaveTextContent('განაცხადი გაუქმებულია');
      expect(await screen.findByRole('link', { name: 'ახალი განაცხადი' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'მიმდინარე განაცხადი' })).toBeNull();
      expect(requestsTo(fetchMock, 'POST /api/credit-info/5/cancel')).toHaveLength(1);
    },
  );

  it.each([
    [
      'sign',
      { code: 'approved', name: 'დამტკიცებულია' },
      'განაცხადი დამტკიცებულია. გაეცანით ხელშეკრულების პირობებს',
      'ხელშეკრულების ხელმოწერა',
    ],
    [
      'change_account',
      { code: 'signed', name: 'ხელშეკრულება ხელმოწერილია' },
      'ბანკმა მითითებულ ანგარიშზე თანხის ჩარიცხვა ვერ შეძლო.',
      'სხვა ანგარიშის მითითება',
    ],
  ])(
    'calls a customer whose next step is %s to the contract screen, with a button',
    async (step, status, text, action) => {
      renderMain(() =>
        jsonResponse({
          status: 'success',
          loans: [{ ...loans[2], loan_status: status, next_step: step }],
        }),
      );
      const panel = await screen.findByRole('region', {
        name: `განაცხადი №3: 3000,00${nbsp}₾, 12 თვე`,
      });
      expect(panel).toHaveTextContent(`სტატუსი: ${status.name}`);
      expect(panel).toHaveTextContent(text);
      const button = within(panel).getByRole('link', { name: action });
      expect(button).toHaveAttribute('href', '/loans/3/contract');
      expect(button).toHaveClass('mantine-Button-root');
    },
  );

  it.each([
    [
      'wait_for_payout',
      { code: 'signed', name: 'ხელშეკრულება ხელმოწერილია' },
      'ხელშეკრულება ხელმოწერილია. თანხა მალე ჩაირიცხება თქვენს ანგარიშზე.',
    ],
  ])('notes what happens next for %s, the contract a link away', async (step, status, text) => {
    renderMain(() =>
      jsonResponse({
        status: 'success',
        loans: [{ ...loans[2], loan_status: status, next_step: step }],
      }),
    );
    const panel = await screen.findByRole('region', {
      name: `განაცხადი №3: 3000,00${nbsp}₾, 12 თვე`,
    });
    expect(panel).toHaveTextContent(text);
    const link = within(panel).getByRole('link', { name: 'ხელშეკრულების ნახვა' });
    expect(link).toHaveAttribute('href', '/loans/3/contract');
    expect(link).not.toHaveClass('mantine-Button-root');
  });

  it('puts a loan being repaid first: its next payment, what is late in red, a button to pay', async () => {
    session.set(customerFixture);
    const active = { ...loans[2], loan_status: { code: 'active', name: 'აქტიური' } };
    renderApp('/main', {
      'GET /api/loans-show': () =>
        jsonResponse({
          status: 'success',
          loans: [
            {
              ...loans[0],
              id: 8,
              loan_status: { code: 'approved', name: 'დამტკიცებული' },
              next_step: 'sign',
            },
            { ...active, next_step: 'pay' },
          ],
        }),
      'GET /api/loans/3/account': () => accountAnswer({ ...overdueAccount }),
    });
    const panel = await screen.findByRole('region', {
      name: `განაცხადი №3: 3000,00${nbsp}₾, 12 თვე`,
    });
    expect(
      screen
        .getAllByRole('region')
        .filter((region) => region.textContent.includes('განაცხადი №'))[0],
    ).toBe(panel);
    expect(await within(panel).findByText('შემდეგი გადახდა: 673,09 ₾, 2027-02-15')).toBeVisible();
    const late = within(panel).getByText('ვადაგადაცილება: 5 დღე, გადასახდელი 730,56 ₾');
    expect(late).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    const pay = within(panel).getByRole('link', { name: 'გადახდა' });
    expect(pay).toHaveAttribute('href', '/loans/3');
    expect(pay).toHaveClass('mantine-Button-root');
  });

  it('says nothing is late for a loan paid on time', async () => {
    session.set(customerFixture);
    renderApp('/main', {
      'GET /api/loans-show': () =>
        jsonResponse({
          status: 'success',
          loans: [
            { ...loans[2], loan_status: { code: 'active', name: 'აქტიური' }, next_step: 'pay' },
          ],
        }),
      'GET /api/loans/3/account': () => accountAnswer(currentAccount),
    });
    const panel = await screen.findByRole('region', {
      name: `განაცხადი №3: 3000,00${nbsp}₾, 12 თვე`,
    });
    expect(await within(panel).findByText('შემდეგი გადახდა: 712,45 ₾, 2027-01-15')).toBeVisible();
    expect(within(panel).queryByText(/ვადაგადაცილება/)).not.toBeInTheDocument();
  });

  it('names every status as the server does, the new ones of the contract too', async () => {
    const statuses = [
      ['expired', 'შეთავაზების ვადა ამოიწურა'],
      ['signed', 'ხელშეკრულება ხელმოწერილია'],
      ['active', 'აქტიური სესხი'],
      ['withdrawing', 'უარი ხელშეკრულებაზე: თანხის დაბრუნება'],
      ['withdrawn', 'ხელშეკრულებაზე უარი ითქვა'],
      ['repaid', 'სესხი დაფარულია'],
    ];
    renderMain(() =>
      jsonResponse({
        status: 'success',
        loans: statuses.map(([code, name], index) => ({
          ...loans[2],
          id: 20 - index,
          loan_status: { code, name },
          next_step: 'none',
        })),
      }),
    );
    const table = await screen.findByRole('table', { name: 'ჩემი განაცხადები' });
    expect(bodyRowsOf(table).map((row) => row.at(-1))).toEqual(statuses.map(([, name]) => name));
    // Nothing left to do: no call to action.
    expect(screen.queryByRole('link', { name: 'ხელშეკრულების ნახვა' })).toBeNull();
  });

  it('lists the applications newest first with their number, in lari, with their monthly payment and effective rate', async () => {
    renderMain();
    const table = await screen.findByRole('table', { name: 'ჩემი განაცხადები' });
    expect(columnHeadersOf(table)).toEqual([
      '№',
      'განაცხადის თარიღი',
      'მოთხოვნილი თანხა',
      'მოთხოვნილი ვადა',
      'ყოველთვიური შენატანი',
      'ეფექტური განაკვეთი',
      'სტატუსი',
    ]);
    expect(bodyRowsOf(table)).toEqual([
      [
        '5',
        '2026-11-20 18:40',
        `12${nbsp}500,50${nbsp}₾`,
        '24 თვე',
        `700,80${nbsp}₾`,
        '28,90%',
        'თანხმობა მიცემულია',
      ],
      [
        '3',
        '2026-10-15 11:00',
        `3000,00${nbsp}₾`,
        '12 თვე',
        `290,10${nbsp}₾`,
        '30,20%',
        'დამტკიცებული',
      ],
      [
        '2',
        '2026-10-01 09:15',
        `800,00${nbsp}₾`,
        '6 თვე',
        `150,20${nbsp}₾`,
        '31,40%',
        'გაუქმებული',
      ],
    ]);
  });

  it('asks for the applications once a visit, as the visit starts', async () => {
    const { fetchMock, router } = renderMain();
    await screen.findByRole('table', { name: 'ჩემი განაცხადები' });
    expect(requestsTo(fetchMock, 'GET /api/loans-show')).toHaveLength(1);

    await router.navigate('/faq');
    await router.navigate('/main');
    await screen.findByRole('table', { name: 'ჩემი განაცხადები' });
    expect(requestsTo(fetchMock, 'GET /api/loans-show')).toHaveLength(2);
  });

  it('shows the same applications as cards for a phone, each field named', async () => {
    renderMain();
    const cards = await screen.findByRole('list', { name: 'ჩემი განაცხადები' });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const fieldsOf = (item: HTMLElement) =>
      within(item)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(fieldsOf(items[0] as HTMLElement)).toEqual([
      ['№', '5'],
      ['განაცხადის თარიღი', '2026-11-20 18:40'],
      ['მოთხოვნილი თანხა', `12${nbsp}500,50${nbsp}₾`],
      ['მოთხოვნილი ვადა', '24 თვე'],
      ['ყოველთვიური შენატანი', `700,80${nbsp}₾`],
      ['ეფექტური განაკვეთი', '28,90%'],
      ['სტატუსი', 'თანხმობა მიცემულია'],
    ]);
    // Cards below 768 px, the table from there: each wrapper is hidden by its own media query.
    expect(cards.parentElement?.className).not.toBe(
      screen.getByRole('table', { name: 'ჩემი განაცხადები' }).closest('div[class]')?.className,
    );
  });

  it('shows an approved loan’s repayment schedule behind a button, in lari, on a phone and wider', async () => {
    const approved = {
      ...loans[2],
      decision: {
        state: 'approved',
        amount: 3000,
        months: 2,
        monthly_payment: 1545.5,
        effective_rate: 30.2,
        reasons: [],
        reason_codes: [],
        decided_at: '2026-10-16 10:00:00',
        schedule: [
          {
            number: 1,
            date: '2026-11-16',
            payment: 1545.5,
            principal: 1485.5,
            interest: 60,
            fee: 0,
            balance: 1514.5,
          },
          {
            number: 2,
            date: '2026-12-16',
            payment: 1544.79,
            principal: 1514.5,
            interest: 30.29,
            fee: 0,
            balance: 0,
          },
        ],
      },
    };
    const { user } = renderMain(() => jsonResponse({ status: 'success', loans: [approved] }));
    await screen.findByRole('list', { name: 'ჩემი განაცხადები' });
    // One under the phone's card, one under the wider screens' table (CSS shows one of them).
    const toggles = screen.getAllByRole('button', { name: 'დაფარვის გრაფიკი (განაცხადი № 3)' });
    expect(toggles).toHaveLength(2);
    for (const toggle of toggles) {
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      const schedule = within(region as HTMLElement).getByRole('table', {
        name: 'დამტკიცებული სესხის დაფარვის გრაფიკი, განაცხადი № 3',
      });
      expect(columnHeadersOf(schedule)).toEqual([
        '№',
        'თარიღი',
        'შენატანი',
        'ძირი',
        'პროცენტი',
        'საკომისიო',
        'დარჩენილი ძირი',
      ]);
      expect(bodyRowsOf(schedule)).toEqual([
        [
          '1',
          '2026-11-16',
          `1545,50${nbsp}₾`,
          `1485,50${nbsp}₾`,
          `60,00${nbsp}₾`,
          `0,00${nbsp}₾`,
          `1514,50${nbsp}₾`,
        ],
        [
          '2',
          '2026-12-16',
          `1544,79${nbsp}₾`,
          `1514,50${nbsp}₾`,
          `30,29${nbsp}₾`,
          `0,00${nbsp}₾`,
          `0,00${nbsp}₾`,
        ],
      ]);
      expect(
        within(region as HTMLElement).getByText(
          'გრაფიკი გაანგარიშებულია დამტკიცების დღით; გადახდის თარიღები სესხის გაცემისას დაზუსტდება.',
        ),
      ).toBeInTheDocument();
    }
  });

  it('says when there are no applications yet', async () => {
    renderMain(() => jsonResponse({ status: 'success', loans: [] }));
    expect(await screen.findByText('თქვენ ჯერ არ გაქვთ განაცხადები.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list is loading, then shows the server’s words if it fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderMain(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    expect(await screen.findByText('განაცხადები იტვირთება…')).toBeInTheDocument();
    answer(jsonResponse({ status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' }, 503));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'სერვისთან დაკავშირება ვერ ხერხდება',
    );
  });

  it('leads to the questionnaire through the header’s edit-data link', async () => {
    session.set(customerFixture);
    const { user, router } = renderApp('/main', {
      ...gateAnswers,
      'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
    });
    await screen.findByRole('heading', { level: 1, name: 'პირადი გვერდი' });
    await user.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'ნინო კაპანაძე' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'მონაცემების რედაქტირება' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პირადი მონაცემების რედაქტირება' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/questionnaire-edit');
  });
});
