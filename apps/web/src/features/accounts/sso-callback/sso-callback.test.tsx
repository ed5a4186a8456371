import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, customerFixture, jsonResponse } from '../../../test/api-fixtures';
import { wordingSha256Fixture } from '../../../test/consent-wording';
import { arriveFromSso, landing, ssoCompleted } from '../../../test/sso-fixtures';
import { session } from '../../../shared/session/session';
import { ssoTokenKey } from '../../../shared/sso/sso-token';

describe('/sso/callback', () => {
  it('completes a registration transaction once and goes back to /register', async () => {
    const { router, fetchMock } = arriveFromSso('?code=abc&state=xyz', {
      'POST /api/sso/callback': ssoCompleted('registration'),
      'GET /api/sso/user-info': () =>
        jsonResponse({
          status: 'success',
          user_info: { name: 'გიორგი', surname: 'ბერიძე', identity_number: '01001000011' },
          already_registered: false,
        }),
      'GET /api/register': () =>
        jsonResponse({
          status: 'success',
          documentTypes: [],
          privacy_policy_info_text: '',
          privacy_policy_info_html: '',
          privacy_policy_info_version: 1,
          privacy_policy_info_sha256: wordingSha256Fixture,
        }),
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
    const { router } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('other'),
    });
    await landing(router, '/main');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the parameters are wrong when there is no code', async () => {
    const { router, fetchMock } = arriveFromSso('');
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO-ს არასწორი პარამეტრები');
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });

  it('says sign-in was not completed when the provider sends an error', async () => {
    const { router, fetchMock } = arriveFromSso('?error=server_error&state=xyz');
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაცია ვერ დასრულდა');
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });

  it('goes back to the registration step when the customer refuses at the provider', async () => {
    const { router, fetchMock } = arriveFromSso(
      '?error=access_denied&state=xyz',
      {},
      'sso-token-1',
      {
        context: 'registration',
      },
    );
    await landing(router, '/register');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SSO ავტორიზაცია შეწყდა: ვინაობა არ დადასტურდა',
    );
    expect(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' })).toBeEnabled();
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
    expect(localStorage.getItem(ssoTokenKey)).toBeNull();
  });

  it('replaces its own history entry, so Back never brings the spent code again', async () => {
    session.set(customerFixture);
    const { router } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('other'),
    });
    await landing(router, '/main');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes on quietly when a spent callback is visited again', async () => {
    session.set(customerFixture);
    const { router, fetchMock } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('other'),
    });
    await landing(router, '/main');
    await router.navigate('/sso/callback?code=abc');
    await landing(router, '/main');
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes quietly to the registration step when this browser holds no transaction', async () => {
    const { router, fetchMock } = arriveFromSso('?code=abc', {}, '');
    await landing(router, '/register');
    expect(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });

  it('goes on quietly when the server says the transaction was completed already', async () => {
    session.set(customerFixture);
    const { router } = arriveFromSso('?code=used', {
      'POST /api/sso/callback': () =>
        jsonResponse({ status: 'error', message: 'SSO ავტორიზაცია უკვე დასრულებულია' }, 409),
    });
    await landing(router, '/main');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s message on the step the sign-on started from', async () => {
    const { router } = arriveFromSso(
      '?code=late',
      {
        'POST /api/sso/callback': () =>
          jsonResponse({ status: 'error', message: 'SSO ავტორიზაცია ვერ დასრულდა' }, 422),
      },
      'sso-token-1',
      { context: 'registration' },
    );
    await landing(router, '/register');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაცია ვერ დასრულდა');
  });

  it('falls back to the spec’s message when the failure says nothing', async () => {
    const { router } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': () => new Response('', { status: 502 }),
    });
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაცია ვერ დასრულდა');
  });

  it('names a lost connection', async () => {
    const { router } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await landing(router, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('SSO ავტორიზაციისას მოხდა შეცდომა');
  });
});
