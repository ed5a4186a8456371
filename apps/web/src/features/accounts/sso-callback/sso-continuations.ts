import type { SsoContext, ssoCallback, ResponseOf } from '@sesxi/contract';
import { i18next } from '../../../shared/i18n/i18n';
import { applicationSteps } from '../../../shared/loan-application/application-steps';
import { notify } from '../../../shared/notifications/notification-store';
import { ssoToken } from '../../../shared/sso/sso-token';
import { finishLoanApplication } from '../api/credit-info-finish';

export type SsoState = ResponseOf<typeof ssoCallback>['state'];

/** Where a completed single sign-on goes on, by the context it was started in. */
type SsoContinuation = (state: SsoState) => string | Promise<string>;

/**
 * A loan's identification is done: finish the application with the transaction's token (used
 * up either way: another try starts a new transaction). On success the customer sees the
 * application among theirs on /main; on failure they are back on the identification step,
 * told so, where they can try again or cancel.
 */
async function finishApplication({ loan_id: loanId }: SsoState): Promise<string> {
  const token = ssoToken.get();
  ssoToken.remove();
  try {
    if (loanId === null || !token) throw new Error('A loan transaction without its application');
    await finishLoanApplication(loanId, token);
  } catch {
    notify({ type: 'error', text: i18next.t('loan.finishFailed') });
    return loanId === null ? '/main' : applicationSteps.identification(loanId);
  }
  notify({ type: 'success', text: i18next.t('loan.finished') });
  return '/main';
}

/** One entry per context that does more than go to /main (spec §2: other → /main). */
const ssoContinuations: Partial<Record<SsoContext, SsoContinuation>> = {
  registration: () => {
    notify({ type: 'success', text: i18next.t('sso.registrationDone') });
    return '/register';
  },
  loan: finishApplication,
};

export function continueAfterSso(state: SsoState): string | Promise<string> {
  return ssoContinuations[state.context]?.(state) ?? '/main';
}
