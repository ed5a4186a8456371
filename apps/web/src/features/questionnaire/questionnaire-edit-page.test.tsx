import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  jsonResponse,
  type ApiAnswer,
} from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';
import {
  privacyAgreementFixture,
  privacyPolicyFieldsFixture,
  questionnaireAnswers,
  questionnaireFixture,
} from './questionnaire-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

function renderEdit(answers: Record<string, ApiAnswer> = {}) {
  session.set(customerFixture);
  return renderApp('/questionnaire-edit', { ...questionnaireAnswers, ...answers });
}

const field = (label: string) => screen.getByLabelText(label);

describe('/questionnaire-edit', () => {
  it('asks for the stored questionnaire 500 ms after opening', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The screen asks for its lookups and its questionnaire as it opens: note when each call goes.
    const askedAt: Record<string, number> = {};
    const noted = (key: string): ApiAnswer => {
      const answer = questionnaireAnswers[key];
      if (!answer) throw new Error(`no answer for ${key}`);
      return (body, query) => {
        askedAt[key] = Date.now();
        return answer(body, query);
      };
    };
    renderEdit({
      'GET /api/questionnaires/create': noted('GET /api/questionnaires/create'),
      'GET /api/questionnaires': noted('GET /api/questionnaires'),
    });
    expect(await screen.findByLabelText('ხელფასი')).toHaveValue('1234,50');
    const opened = askedAt['GET /api/questionnaires/create'] ?? Number.NaN;
    expect((askedAt['GET /api/questionnaires'] ?? Number.NaN) - opened).toBeGreaterThanOrEqual(500);
  });

  it('prefills the form, shows the privacy-policy agreement and saves the changes', async () => {
    const { user, fetchMock, router } = renderEdit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პირადი მონაცემების რედაქტირება' }),
    ).toBeInTheDocument();
    const salary = await screen.findByLabelText('ხელფასი');
    expect(field('ქალაქი')).toHaveDisplayValue('გორი');
    expect(field('მისამართი')).toHaveValue(questionnaireFixture.address);
    expect(field('ვიღებ ფულად გზავნილებს')).toBeChecked();
    expect(field('საშუალო თვიური გზავნილი')).toHaveValue('300');
    expect(screen.queryByLabelText('პენსია')).not.toBeInTheDocument();
    expect(screen.getByText(privacyAgreementFixture)).toBeInTheDocument();

    await user.clear(salary);
    await user.type(salary, '2000,75');
    await user.click(field('ვიღებ ფულად გზავნილებს'));
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toMatchObject([
      { city_id: 2, salary: 2000.75, has_transfer: false, transfer: null, monthly_expenses: 400 },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('მონაცემები შენახულია');
  });

  it('prefills the monthly payments on existing loans and sends them emptied as null', async () => {
    const { user, fetchMock, router } = renderEdit({
      'GET /api/questionnaires': () =>
        jsonResponse({
          status: 'success',
          questionnaire: {
            ...questionnaireFixture,
            total_financial_liability: 15000,
            monthly_loan_payments: 400,
          },
          ...privacyPolicyFieldsFixture,
        }),
    });
    const monthly = await screen.findByLabelText(
      'არსებული სესხების ყოველთვიური გადასახადი (არასავალდებულო)',
    );
    expect(monthly).toHaveValue('400');
    expect(field('ჯამური ფინანსური ვალდებულებები')).toHaveValue('15 000');
    await user.clear(monthly);
    await user.click(screen.getByRole('button', { name: 'შენახვა' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toMatchObject([
      { total_financial_liability: 15000, monthly_loan_payments: null },
    ]);
  });

  it('needs a questionnaire to edit', async () => {
    session.set({ ...customerFixture, has_questionnaire: false });
    const { router } = renderApp('/questionnaire-edit', questionnaireAnswers);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questionnaire');
    });
  });
});
