import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, fieldErrors, ok, type ApiAnswer } from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';

const restoreAnswers: Record<string, ApiAnswer> = {
  'POST /api/phone-checking-exists': ok,
  'POST /api/code-sending': ok,
  'POST /api/code-checking': ok,
  'POST /api/restore-password': ok,
};

const requestButton = () => screen.getByRole('button', { name: 'ახალი პაროლის მოთხოვნა' });

describe('/restore-password', () => {
  it('asks for a new password only once the account’s phone is confirmed, then goes to /login', async () => {
    const { user, fetchMock, router } = renderApp('/restore-password', restoreAnswers);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'პაროლის აღდგენა' }),
    ).toBeInTheDocument();
    expect(requestButton()).toBeDisabled();

    await user.type(screen.getByLabelText('ტელეფონის ნომერი'), '599123456');
    const send = screen.getByRole('button', { name: 'კოდის გაგზავნა' });
    await waitFor(() => {
      expect(send).toBeEnabled();
    });
    expect(requestButton()).toBeDisabled();
    await user.click(send);
    const code = screen.getByLabelText('კოდი');
    await waitFor(() => {
      expect(code).toBeEnabled();
    });
    await user.type(code, '4321');
    await waitFor(() => {
      expect(requestButton()).toBeEnabled();
    });

    await user.click(requestButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'შესვლა' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(
      'ახალი პაროლი გამოგზავნილია თქვენს ტელეფონზე',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/code-sending')).toEqual([
      { phone: '599123456', purpose: 'restore_password' },
    ]);
    expect(bodiesSentTo(fetchMock, 'POST /api/restore-password')).toEqual([{ phone: '599123456' }]);
  });

  it('refuses a phone that belongs to no account', async () => {
    const { user } = renderApp('/restore-password', {
      ...restoreAnswers,
      'POST /api/phone-checking-exists': () =>
        fieldErrors({ phone: ['ამ ნომრით ანგარიში ვერ მოიძებნა'] }),
    });
    await user.type(await screen.findByLabelText('ტელეფონის ნომერი'), '599123456');
    expect(await screen.findByText('ამ ნომრით ანგარიში ვერ მოიძებნა')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'კოდის გაგზავნა' })).toBeDisabled();
    expect(requestButton()).toBeDisabled();
  });
});
