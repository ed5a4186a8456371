import { replace, type LoaderFunctionArgs } from 'react-router';
import { ApiError, NetworkError } from '../../../shared/api/api-error';
import { i18next } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/notifications/notification-store';
import { session } from '../../../shared/session/session';
import { ssoCodes, ssoStart, ssoToken, type SsoStartState } from '../../../shared/sso/sso-token';
import { completeSsoTransaction } from '../api/sso-callback';
import {
  continueAfterSso,
  stepOfSso,
  type SsoContinuations,
  type SsoSteps,
} from './sso-continuations';

/** The server's answer for a transaction that was already completed: a spent callback. */
const alreadyCompletedStatus = 409;

function failureMessage(error: unknown): string {
  if (error instanceof NetworkError) return i18next.t('sso.networkError');
  if (error instanceof ApiError && typeof error.body.message === 'string' && error.body.message) {
    return error.body.message;
  }
  return i18next.t('sso.notCompleted');
}

/**
 * Where a customer would be without the callback: their pages when signed in (the guard sends
 * them on from /main), the registration step otherwise.
 */
function whereTheyWouldBe(): string {
  return session.get() ? '/main' : '/register';
}

/** A failure, said on the step the sign-on was started from (home when that is unknown). */
function backToStep(text: string, started: SsoStartState | null, steps: SsoSteps): string {
  notify({ type: 'error', text });
  return started ? stepOfSso(started, steps) : '/';
}

/**
 * Completes the transaction and names the page to go on to. A callback visited again (Back, a
 * reload) whose code is spent goes on quietly; a refused or failed sign-on goes back to its step
 * with a message.
 */
async function completeSso(
  query: URLSearchParams,
  continuations: SsoContinuations,
  steps: SsoSteps,
): Promise<string> {
  const code = query.get('code');
  const token = ssoToken.get();
  const started = ssoStart.get();
  if (!code) {
    // The provider sends `error` (e.g. access_denied) instead of a code when sign-in failed.
    if (!query.has('error')) return backToStep(i18next.t('sso.invalidParams'), started, steps);
    ssoToken.remove();
    const refused = query.get('error') === 'access_denied';
    return backToStep(i18next.t(refused ? 'sso.refused' : 'sso.notCompleted'), started, steps);
  }
  // Spent here already, or started elsewhere: nothing is waiting for this code in this browser.
  if (ssoCodes.handled(code) || !token) return whereTheyWouldBe();
  ssoCodes.markHandled(code);
  let state;
  try {
    state = await completeSsoTransaction({ code, token });
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === alreadyCompletedStatus) {
      return whereTheyWouldBe();
    }
    return backToStep(failureMessage(error), started, steps);
  }
  return continueAfterSso(state, continuations);
}

/**
 * The loader of the identity provider's redirect URI (APP_URL/sso/callback), going on by
 * `continuations`: the app passes those of other features, which start sign-on in their own
 * contexts, and `steps`, the pages those sign-ons start from. A provider's code works once; a
 * loader runs once per visit (not twice like a StrictMode effect), so the code is sent once.
 * The callback replaces its own history entry, so Back never brings the spent code again.
 */
export function createSsoCallbackLoader(continuations: SsoContinuations, steps: SsoSteps = {}) {
  return async ({ request }: LoaderFunctionArgs) =>
    replace(await completeSso(new URL(request.url).searchParams, continuations, steps));
}
