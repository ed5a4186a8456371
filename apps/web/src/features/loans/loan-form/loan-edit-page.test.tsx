import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formDataSentTo, jsonResponse, ok, requestsTo } from '../../../test/api-fixtures';
import { mockXhr } from '../../../test/xhr-fixtures';
import {
  draftLoanFixture,
  loanEditFixture,
  renderLoanScreen,
  statementFile,
} from '../loan-fixtures';

const field = (label: string) => screen.getByLabelText(label);

describe('/loan-edit/{id}', () => {
  it('prefills the application and saves it without a new file', async () => {
    mockXhr();
    const { user, fetchMock, router } = renderLoanScreen('/loan-edit/4', {
      'POST /api/loan-edit/4': ok,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'განაცხადის რედაქტირება' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('თანხა')).toHaveValue('1500,50');
    expect(field('ვადა (თვე)')).toHaveValue('12');
    expect(field('სესხის მიზანი')).toHaveDisplayValue('ავტომობილის შეძენა');
    expect(field('საბანკო ამონაწერი')).toHaveAccessibleDescription(
      expect.stringContaining(
        'შენახული ფაილი: ამონაწერი-ოქტომბერი.pdf. ახალი ფაილის არჩევა სავალდებულო არ არის.',
      ),
    );
    expect(screen.getByRole('link', { name: 'უკან' })).toHaveAttribute('href', '/main');

    await user.clear(field('ვადა (თვე)'));
    await user.type(field('ვადა (თვე)'), '24');
    await user.click(screen.getByRole('button', { name: 'გაგრძელება' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questionnaire-review/4');
    });
    const [body] = formDataSentTo(fetchMock, 'POST /api/loan-edit/4');
    expect(Object.fromEntries(body?.entries() ?? [])).toEqual({
      amount: '1500.5',
      months: '24',
      loan_purpose_id: '2',
    });
  });

  it('sends a newly chosen statement', async () => {
    mockXhr();
    const { user, fetchMock, router } = renderLoanScreen('/loan-edit/4', {
      'POST /api/loan-edit/4': ok,
    });
    const file = statementFile(4096, 'ნოემბერი.png', 'image/png');
    await user.upload(await screen.findByLabelText('საბანკო ამონაწერი'), file);
    await user.click(screen.getByRole('button', { name: 'გაგრძელება' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/questionnaire-review/4');
    });
    expect(formDataSentTo(fetchMock, 'POST /api/loan-edit/4')[0]?.get('file')).toBe(file);
  });

  it('cancels the application: the notification on /main', async () => {
    const { user, fetchMock, router } = renderLoanScreen('/loan-edit/4');
    await user.click(await screen.findByRole('button', { name: 'განაცხადის გაუქმება' }));
    await user.click(await screen.findByRole('button', { name: 'დიახ, გააუქმეთ' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('განაცხადი გაუქმებულია');
    expect(requestsTo(fetchMock, 'POST /api/credit-info/4/cancel')).toHaveLength(1);
  });

  it('says when the application can no longer be changed', async () => {
    renderLoanScreen('/loan-edit/4', {
      'GET /api/loan-edit/4': () =>
        loanEditFixture({
          ...draftLoanFixture,
          loan_status: { code: 'submitted', name: 'გაგზავნილი' },
        }),
    });
    expect(
      await screen.findByText('განაცხადის სტატუსია „გაგზავნილი“, მისი შეცვლა აღარ შეიძლება.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('თანხა')).not.toBeInTheDocument();
  });

  it('shows the not-found screen for an application that is not the customer’s', async () => {
    renderLoanScreen('/loan-edit/99', {
      'GET /api/loan-edit/99': () =>
        jsonResponse({ status: 'error', message: 'მოთხოვნილი რესურსი ვერ მოიძებნა' }, 404),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'გვერდი ვერ მოიძებნა' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'პირად გვერდზე დაბრუნება' })).toHaveAttribute(
      'href',
      '/main',
    );
  });
});
