import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError, NetworkError } from '../../../shared/api/api-error';
import { i18next } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/notifications/notification-store';
import { ssoToken } from '../../../shared/sso/sso-token';
import { completeSsoTransaction } from '../api/sso-callback';
import { continueAfterSso, type SsoContinuations } from './sso-continuations';

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return i18next.t('sso.networkError');
  if (error instanceof ApiError && typeof error.body.message === 'string' && error.body.message) {
    return error.body.message;
  }
  return i18next.t('sso.notCompleted');
}

/** Completes the transaction and names the page to go on to; failures go home with a message. */
async function completeSso(
  query: URLSearchParams,
  continuations: SsoContinuations,
): Promise<string> {
  const code = query.get('code');
  const token = ssoToken.get();
  if (!code) {
    // The provider sends `error` (e.g. access_denied) instead of a code when sign-in failed.
    const text = i18next.t(query.has('error') ? 'sso.notCompleted' : 'sso.invalidParams');
    notify({ type: 'error', text });
    return '/';
  }
  if (!token) {
    notify({ type: 'error', text: i18next.t('sso.notCompleted') });
    return '/';
  }
  try {
    return await continueAfterSso(await completeSsoTransaction({ code, token }), continuations);
  } catch (error) {
    notify({ type: 'error', text: failureMessage(error) });
    return '/';
  }
}

/**
 * The loader of the identity provider's redirect URI (APP_URL/sso/callback), going on by
 * `continuations`: the app passes those of other features, which start sign-on in their own
 * contexts. A provider's code works once; a loader runs once per visit (not twice like a
 * StrictMode effect), so the code is sent once.
 */
export function createSsoCallbackLoader(continuations: SsoContinuations) {
  return async ({ request }: LoaderFunctionArgs) =>
    redirect(await completeSso(new URL(request.url).searchParams, continuations));
}
