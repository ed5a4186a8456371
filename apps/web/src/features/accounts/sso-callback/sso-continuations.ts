import type { SsoContext, ssoCallback, ResponseOf } from '@sesxi/contract';
import { i18next } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/notifications/notification-store';
import type { SsoStartState } from '../../../shared/sso/sso-token';

type SsoState = ResponseOf<typeof ssoCallback>['state'];

/** Where a completed single sign-on goes on: the path of the next page. */
type SsoContinuation = (state: SsoState) => string | Promise<string>;

/** Continuations by the context the sign-on was started in. */
export type SsoContinuations = Partial<Record<SsoContext, SsoContinuation>>;

/** The page a sign-on of a context was started from: where a failed one goes back to. */
export type SsoSteps = Partial<Record<SsoContext, (state: SsoStartState) => string>>;

/** Registration's own: back to the form, which reads the confirmed identity. */
function backToRegistration(): string {
  notify({ type: 'success', text: i18next.t('sso.registrationDone') });
  return '/register';
}

/**
 * The page a completed sign-on goes on to: registration's own continuation, or one that the
 * app passed in for a context another feature starts sign-on in; anything else goes to /main
 * (spec §2).
 */
export function continueAfterSso(
  state: SsoState,
  continuations: SsoContinuations,
): string | Promise<string> {
  const byContext: SsoContinuations = { registration: backToRegistration, ...continuations };
  return byContext[state.context]?.(state) ?? '/main';
}

/**
 * The step a sign-on was started from: registration's own SSO step, or the page the app names
 * for another context; home for a context nobody names.
 */
export function stepOfSso(started: SsoStartState, steps: SsoSteps): string {
  const byContext: SsoSteps = { registration: () => '/register', ...steps };
  return byContext[started.context]?.(started) ?? '/';
}
