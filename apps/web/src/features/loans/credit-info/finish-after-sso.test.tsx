import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, customerFixture, jsonResponse } from '../../../test/api-fixtures';
import { arriveFromSso, landing, ssoCompleted } from '../../../test/sso-fixtures';
import { session } from '../../../shared/session/session';
import { ssoTokenKey } from '../../../shared/sso/sso-token';

describe('/sso/callback of a loan transaction', () => {
  it('finishes the application after a loan transaction and says it is received on /main', async () => {
    session.set(customerFixture);
    const { router, fetchMock } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('loan', 7),
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
    const { router } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('loan', 7),
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
    const { router, fetchMock } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('loan'),
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

  it('says the identity does not match the applicant when someone else signed in', async () => {
    session.set(customerFixture);
    const mismatch =
      'იდენტიფიკაცია სხვა პირმა გაიარა: დადასტურებული პიროვნება არ ემთხვევა განმცხადებელს';
    const { router } = arriveFromSso('?code=abc', {
      'POST /api/sso/callback': ssoCompleted('loan', 7),
      'POST /api/credit-info/7/finish': () =>
        jsonResponse({ status: 'error', message: mismatch }, 422),
    });
    await landing(router, '/credit-info/7/identification');
    expect(await screen.findByRole('alert')).toHaveTextContent(mismatch);
    expect(await screen.findByRole('button', { name: 'SSO ავტორიზაცია' })).toBeEnabled();
  });

  it('goes back to the identification step when the customer refuses at the provider', async () => {
    session.set(customerFixture);
    const { router, fetchMock } = arriveFromSso('?error=access_denied', {}, 'sso-token-1', {
      context: 'loan',
      loan_id: 7,
    });
    await landing(router, '/credit-info/7/identification');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'SSO ავტორიზაცია შეწყდა: ვინაობა არ დადასტურდა',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/sso/callback')).toEqual([]);
  });
});
