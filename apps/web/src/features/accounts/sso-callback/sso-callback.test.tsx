import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  jsonResponse,
  type ApiAnswer,
} from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';
import { ssoTokenKey } from '../../../shared/sso/sso-token';

function completed(context: 'registration' | 'loan' | 'other', loanId: number | null = null) {
  return () =>
    jsonResponse({
      status: 'success',
      message: 'SSO ავტორიზაცია წარმატებით დასრულდა',
      state: { context, loan_id: loanId },
    });
}

/** Lands on the callback as the provider's redirect does, with a stored token unless told. */
function arrive(query: string, answers: Record<string, ApiAnswer> = {}, token = 'sso-token-1') {
  if (token) localStorage.setItem(ssoTokenKey, token);
  return renderApp(`/sso/callback${query}`, answers, { strict: true });
}

async function landing(router: ReturnType<typeof arrive>['router'], pathname: string) {
  await vi.waitFor(() => {
    expect(router.state.location.pathname).toBe(pathname);
  });
}

describe('/sso/callback', () => {
  it('completes a registration transaction once and goes back to /register', async () => {
    const { router, fetchMock } = arrive('?code=abc&state=xyz', {
      'POST /api/sso/callback': completed('registration'),
      'GET /api/sso/user-info': () =>
        jsonResponse({
          status: 'success',
          user_info: { name: 'გიორგი', surname: 'ბერიძე', identity_number: '01001000011' },
        }),
      'GET /api/register': () =>
        jsonResponse({ status: 'success', documentTypes: [], privacy_policy_info_text: '' }),
    });
    await landing(router, '/register');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'SSO ავტორიზაცია წარმატებით დასრულდა',
    );
    expect(await screen.findByLabelText('სახელი')).toHaveValue('გიორგი');
    // StrictMode renders twice; the provider's code must still be sent only once.
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([
      { code: 'abc', token: 'sso-token-1' },
    ]);
    expect(localStorage.getItem(ssoTokenKey)).toBe('sso-token-1');
  });

  it('goes to /main after a transaction of another context', async () => {
    session.set(customerFixture);
    const { router } = arrive('?code=abc', { 'POST /api/sso/callback': completed('other') });
    await landing(router, '/main');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to /main after a loan transaction until the loan screens add their step', async () => {
    session.set(customerFixture);
    const { router } = arrive('?code=abc', { 'POST /api/sso/callback': completed('loan', 7) });
    await landing(router, '/main');
  });

  it('says the parameters are wrong when there is no code', async () => {
    const { router, fetchMock } = arrive('');
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO-ს არასწორი პარამეტრები');
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });

  it('says sign-in was not completed when the provider sends an error', async () => {
    const { router, fetchMock } = arrive('?error=access_denied&state=xyz');
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაცია ვერ დასრულდა');
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });

  it('says sign-in was not completed when this browser holds no transaction', async () => {
    const { router, fetchMock } = arrive('?code=abc', {}, '');
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაცია ვერ დასრულდა');
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });

  it('shows the server’s message when the transaction fails', async () => {
    const { router } = arrive('?code=used', {
      'POST /api/sso/callback': () =>
        jsonResponse({ status: 'error', message: 'SSO ტრანზაქცია უკვე დასრულებულია' }, 409),
    });
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ტრანზაქცია უკვე დასრულებულია');
  });

  it('falls back to the spec’s message when the failure says nothing', async () => {
    const { router } = arrive('?code=abc', {
      'POST /api/sso/callback': () => new Response('', { status: 502 }),
    });
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაცია ვერ დასრულდა');
  });

  it('names a lost connection', async () => {
    const { router } = arrive('?code=abc', {
      'POST /api/sso/callback': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაციისას მოხდა შეცდომა');
  });
});
