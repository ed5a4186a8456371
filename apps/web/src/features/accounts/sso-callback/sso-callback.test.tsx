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

  it('finishes the application after a loan transaction and says it is received on /main', async () => {
    session.set(customerFixture);
    const { router, fetchMock } = arrive('?code=abc', {
      'POST /api/sso/callback': completed('loan', 7),
      'POST /api/credit-info/7/finish': () => jsonResponse({ status: 'success' }),
      'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
    });
    await landing(router, '/main');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'იდენტიფიკაცია წარმატებით დასრულდა, თქვენი განაცხადი მიღებულია',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/credit-info/7/finish')).toEqual([
      { sso_token: 'sso-token-1' },
    ]);
    expect(localStorage.getItem(ssoTokenKey)).toBeNull();
  });

  it.each([
    [
      'a refusal',
      () =>
        jsonResponse({ status: 'error', message: 'განაცხადის დასრულებისას მოხდა შეცდომა' }, 409),
    ],
    ['a lost connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('after %s to finish, says so on the identification step to try again', async (_, fail) => {
    session.set(customerFixture);
    const { router } = arrive('?code=abc', {
      'POST /api/sso/callback': completed('loan', 7),
      'POST /api/credit-info/7/finish': fail,
    });
    await landing(router, '/credit-info/7/identification');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'განაცხადის დასრულებისას მოხდა შეცდომა',
    );
    expect(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' })).toBeEnabled();
    expect(localStorage.getItem(ssoTokenKey)).toBeNull();
  });

  it('cannot finish a loan transaction that names no application', async () => {
    session.set(customerFixture);
    const { router, fetchMock } = arrive('?code=abc', {
      'POST /api/sso/callback': completed('loan'),
      'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
    });
    await landing(router, '/main');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'განაცხადის დასრულებისას მოხდა შეცდომა',
    );
    const finishCalls = fetchMock.mock.calls.filter(
      ([url]) => typeof url === 'string' && url.endsWith('/finish'),
    );
    expect(finishCalls).toEqual([]);
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
