import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, jsonResponse } from '../../../test/api-fixtures';
import { ssoTokenKey } from '../../../shared/sso/sso-token';
import { renderLoanScreen } from '../loan-fixtures';

const explanation =
  'განაცხადის დასასრულებლად, გთხოვთ, დაადასტუროთ თქვენი ვინაობა SSO ავტორიზაციით. ის ადასტურებს, რომ განაცხადს ნამდვილად თქვენ აგზავნით, და გიცავთ თქვენი მონაცემების თაღლითური გამოყენებისგან.';

describe('/credit-info/{id}/identification', () => {
  it('states the right to withdraw from the remotely concluded contract within 14 days', async () => {
    renderLoanScreen('/credit-info/4/identification');
    expect(
      await screen.findByText(
        'სესხის ხელშეკრულება დისტანციურად იდება. კანონის თანახმად, ხელშეკრულების დადებიდან 14 დღის განმავლობაში შეგიძლიათ უარი თქვათ მასზე.',
      ),
    ).toBeInTheDocument();
  });

  it('explains the step, leads back to the consent and starts SSO for this application', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ assign } as unknown as Location);
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchMock } = renderLoanScreen('/credit-info/4/identification', {
      'POST /api/sso/initiate': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'იდენტიფიკაცია' }),
    ).toBeInTheDocument();
    expect(screen.getByText(explanation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'უკან' })).toHaveAttribute('href', '/credit-info/4');

    await user.click(screen.getByRole('button', { name: 'SSO ავტორიზაცია' }));
    const busy = await screen.findByRole('button', { name: 'მიმდინარეობს გადამისამართება…' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'განაცხადის გაუქმება' })).toBeDisabled();
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/initiate')).toEqual([
      { state: { context: 'loan', loan_id: 4 } },
    ]);

    answer(
      jsonResponse({
        status: 'success',
        sso_token: 'sso-token-loan',
        auth_url: 'http://localhost:3000/dev-idp/auth?client_id=sesxi',
      }),
    );
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/dev-idp/auth?client_id=sesxi');
    });
    expect(localStorage.getItem(ssoTokenKey)).toBe('sso-token-loan');
    // Busy until the provider's page replaces this one.
    expect(screen.getByRole('button', { name: 'მიმდინარეობს გადამისამართება…' })).toBeDisabled();
  });

  it.each([
    [
      'a refusal',
      () => jsonResponse({ status: 'error', message: 'x' }, 503),
      'SSO ავტორიზაციის დაწყება ვერ მოხერხდა',
    ],
    [
      'a lost connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'SSO ავტორიზაციისას მოხდა შეცდომა',
    ],
  ])('after %s, says so and lets the customer try again', async (_, fail, message) => {
    const { user, fetchMock } = renderLoanScreen('/credit-info/4/identification/failed', {
      'POST /api/sso/initiate': fail,
    });
    await user.click(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const button = screen.getByRole('button', { name: 'SSO ავტორიზაცია' });
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.click(button);
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'POST /api/sso/initiate')).toHaveLength(2);
    });
  });
});
