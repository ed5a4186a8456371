import type { SsoContext, ssoCallback, ResponseOf } from '@sesxi/contract';
import { i18next } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/notifications/notification-store';

export type SsoState = ResponseOf<typeof ssoCallback>['state'];

/** Where a completed single sign-on goes on, by the context it was started in. */
type SsoContinuation = (state: SsoState) => string | Promise<string>;

/**
 * One entry per context that does more than go to /main (spec §2: other → /main). The loan
 * context's entry, which finishes the application, comes with the loan screens.
 */
const ssoContinuations: Partial<Record<SsoContext, SsoContinuation>> = {
  registration: () => {
    notify({ type: 'success', text: i18next.t('sso.registrationDone') });
    return '/register';
  },
};

export function continueAfterSso(state: SsoState): string | Promise<string> {
  return ssoContinuations[state.context]?.(state) ?? '/main';
}
