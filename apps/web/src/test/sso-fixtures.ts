import type { SsoContext } from '@sesxi/contract';
import { ssoStart, type SsoStartState } from '../shared/sso/sso-token';
import { expect } from 'vitest';
import { ssoTokenKey } from '../shared/sso/sso-token';
import { jsonResponse, type ApiAnswer } from './api-fixtures';
import { renderApp } from './render-app';
import { waitFor } from '@testing-library/react';

/** `POST /api/sso/callback`'s answer for a transaction started in `context`. */
export function ssoCompleted(context: SsoContext, loanId: number | null = null): ApiAnswer {
  return () =>
    jsonResponse({
      status: 'success',
      message: 'SSO ავტორიზაცია წარმატებით დასრულდა',
      state: { context, loan_id: loanId },
    });
}

/**
 * Lands on the callback as the provider's redirect does, with a stored token unless told, and
 * the record of where the sign-on started when given.
 */
export function arriveFromSso(
  query: string,
  answers: Record<string, ApiAnswer> = {},
  token = 'sso-token-1',
  started?: SsoStartState,
) {
  if (token) localStorage.setItem(ssoTokenKey, token);
  if (started) ssoStart.set(started);
  return renderApp(`/sso/callback${query}`, answers, { strict: true });
}

/** Waits until the callback has sent the browser on to `pathname`. */
export async function landing(
  router: ReturnType<typeof arriveFromSso>['router'],
  pathname: string,
) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(pathname);
  });
}
