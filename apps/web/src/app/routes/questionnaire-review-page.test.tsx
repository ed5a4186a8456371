import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  fieldErrors,
  jsonResponse,
  requestsTo,
  type ApiAnswer,
} from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';
import {
  questionnaireAnswers,
  questionnaireFixture,
} from '../../features/questionnaire/questionnaire-fixtures';
import { wordingSha256Fixture } from '../../test/consent-wording';

function renderReview(answers: Record<string, ApiAnswer> = {}) {
  session.set(customerFixture);
  return renderApp('/questionnaire-review/4', {
    ...questionnaireAnswers,
    'GET /api/credit-info/4': () =>
      jsonResponse({
        status: 'success',
        credit_info_text: 'ტექსტი',
        credit_info_html: '<p>ტექსტი</p>',
        credit_info_version: 1,
        credit_info_sha256: wordingSha256Fixture,
        agreed_at: null,
      }),
    'POST /api/credit-info/4/cancel': () => jsonResponse({ status: 'success' }),
    'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
    ...answers,
  });
}

const field = (label: string) => screen.getByLabelText(label);

describe('/questionnaire-review/{id}', () => {
  it('shows the stored questionnaire, saves it and goes on to the consent', async () => {
    const { user, fetchMock, router } = renderReview();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პირადი მონაცემების რედაქტირება' }),
    ).toBeInTheDocument();
    const salary = await screen.findByLabelText('ხელფასი');
    expect(salary).toHaveValue('1234,50');
    expect(field('მისამართი')).toHaveValue(questionnaireFixture.address);
    expect(screen.getByRole('link', { name: 'უკან' })).toHaveAttribute('href', '/loan-edit/4');

    await user.clear(salary);
    await user.type(salary, '1800');
    await user.click(screen.getByRole('button', { name: 'გაგრძელება' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/credit-info/4');
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/questionnaires')).toMatchObject([
      { salary: 1800, has_transfer: true, transfer: 300 },
    ]);
  });

  it('keeps the customer here with the server’s errors under the fields', async () => {
    const { user, router } = renderReview({
      'POST /api/questionnaires': () => fieldErrors({ address: ['მისამართი ძალიან გრძელია'] }),
    });
    await screen.findByLabelText('ხელფასი');
    await user.click(screen.getByRole('button', { name: 'გაგრძელება' }));
    await waitFor(() => {
      expect(field('მისამართი')).toHaveAccessibleDescription('მისამართი ძალიან გრძელია');
    });
    expect(router.state.location.pathname).toBe('/questionnaire-review/4');
  });

  it('cancels the application: the notification on /main', async () => {
    const { user, fetchMock, router } = renderReview();
    await screen.findByLabelText('ხელფასი');
    await user.click(screen.getByRole('button', { name: 'განაცხადის გაუქმება' }));
    await user.click(await screen.findByRole('button', { name: 'დიახ, გააუქმეთ' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('განაცხადი გაუქმებულია');
    expect(requestsTo(fetchMock, 'POST /api/credit-info/4/cancel')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'POST /api/questionnaires')).toEqual([]);
  });
});
