import { createSsoCallbackLoader } from '../../features/accounts/sso-callback/sso-callback-loader';
import { finishApplicationAfterSso } from '../../features/loans/credit-info/finish-after-sso';

/**
 * `/sso/callback`: accounts completes the sign-on, then goes on by the context it started in.
 * The loan flow's continuation is wired here, so that accounts knows nothing of loans.
 */
export const ssoCallbackLoader = createSsoCallbackLoader({ loan: finishApplicationAfterSso });
