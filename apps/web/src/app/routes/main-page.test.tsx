import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerFixture, jsonResponse, type ApiAnswer } from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { bodyRowsOf, columnHeadersOf } from '../../test/table';
import { session } from '../../shared/session/session';

const gateAnswers: Record<string, ApiAnswer> = {
  'GET /api/sda-checking': () => jsonResponse({ status: 'success', sda_info_text: 'ტექსტი' }),
  'GET /api/questionnaires/create': () =>
    jsonResponse({ status: 'success', cities: [], activitySpheres: [] }),
  'GET /api/questionnaires': () =>
    jsonResponse({ status: 'success', questionnaire: null, privacy_policy_agreement_text: '' }),
};

const nbsp = '\u00a0';

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
    await vi.waitFor(() => {
      expect(router.state.location.pathname).toBe(gate);
    });
  });

  it('offers a new application', async () => {
    renderMain();
    expect(await screen.findByRole('link', { name: 'ახალი განაცხადი' })).toHaveAttribute(
      'href',
      '/loan',
    );
  });

  it('lists the applications newest first, in lari, with their monthly payment and effective rate, and a way to go on with an open one', async () => {
    renderMain();
    const table = await screen.findByRole('table', { name: 'ჩემი განაცხადები' });
    expect(columnHeadersOf(table)).toEqual([
      'განაცხადის თარიღი',
      'მოთხოვნილი თანხა',
      'მოთხოვნილი ვადა',
      'ყოველთვიური შენატანი',
      'ეფექტური განაკვეთი',
      'სტატუსი',
      'მოქმედებები',
    ]);
    expect(bodyRowsOf(table)).toEqual([
      [
        '2026-11-20 18:40',
        `12${nbsp}500,50${nbsp}₾`,
        '24 თვე',
        `700,80${nbsp}₾`,
        '28,90%',
        'თანხმობა მიცემულია',
        'განაცხადის გაგრძელება',
      ],
      [
        '2026-10-15 11:00',
        `3000,00${nbsp}₾`,
        '12 თვე',
        `290,10${nbsp}₾`,
        '30,20%',
        'დამტკიცებული',
        '',
      ],
      ['2026-10-01 09:15', `800,00${nbsp}₾`, '6 თვე', `150,20${nbsp}₾`, '31,40%', 'გაუქმებული', ''],
    ]);
    expect(within(table).getByRole('link', { name: 'განაცხადის გაგრძელება' })).toHaveAttribute(
      'href',
      '/loan-edit/5',
    );
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
