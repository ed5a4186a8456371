import { createSsoCallbackLoader } from '../../features/accounts/sso-callback/sso-callback-loader';
import { applicationSteps } from '../../features/loans/application-steps/application-steps';
import { finishApplicationAfterSso } from '../../features/loans/credit-info/finish-after-sso';

/**
 * `/sso/callback`: accounts completes the sign-on, then goes on by the context it started in.
 * The loan flow's continuation (and its identification step, where a refused sign-on goes
 * back to) is wired here, so that accounts knows nothing of loans.
 */
export const ssoCallbackLoader = createSsoCallbackLoader(
  { loan: finishApplicationAfterSso },
  {
    loan: ({ loan_id: loanId }) =>
      typeof loanId === 'number' ? applicationSteps.identification(loanId) : '/main',
  },
);
