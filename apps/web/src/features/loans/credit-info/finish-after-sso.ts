import { ApiError } from '../../../shared/api/api-error';
import { i18next } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/notifications/notification-store';
import { ssoToken } from '../../../shared/sso/sso-token';
import { finishLoanApplication } from '../api/credit-info-finish';
import { applicationSteps } from '../application-steps/application-steps';

/**
 * Single sign-on in the `loan` context (started on the identification step) is done: finish
 * the application with the transaction's token (used up either way: another try starts a new
 * transaction). On success the customer sees the application among theirs on /main; on failure
 * they are back on the identification step, told why, where they can try again or cancel.
 * Returns where to go; the app hands it to the SSO callback as the `loan` continuation.
 */
export async function finishApplicationAfterSso({
  loan_id: loanId,
}: {
  loan_id: number | null;
}): Promise<string> {
  const token = ssoToken.get();
  ssoToken.remove();
  try {
    if (loanId === null || !token) throw new Error('A loan transaction without its application');
    await finishLoanApplication(loanId, token);
  } catch (error) {
    // The server says why when it can (the identity is not the applicant's, say).
    const text =
      error instanceof ApiError && typeof error.body.message === 'string' && error.body.message
        ? error.body.message
        : i18next.t('loan.finishFailed');
    notify({ type: 'error', text });
    return loanId === null ? '/main' : applicationSteps.identification(loanId);
  }
  notify({ type: 'success', text: i18next.t('loan.finished') });
  return '/main';
}
