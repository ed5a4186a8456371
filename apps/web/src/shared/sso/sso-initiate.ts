import { ssoInitiate } from '@sesxi/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/api-client';
import { NetworkError } from '../api/api-error';
import { ssoStart, ssoToken, type SsoStartState } from './sso-token';

export type { SsoStartState };

/**
 * Starts a single sign-on transaction: keeps its token for the way back and sends the browser
 * to the identity provider.
 */
async function startSso(state: SsoStartState): Promise<void> {
  const { sso_token, auth_url } = await apiRequest(ssoInitiate, { body: { state } });
  ssoToken.set(sso_token);
  ssoStart.set(state);
  window.location.assign(auth_url);
}

/** An SSO button's behaviour: busy until the browser leaves, the spec's message on failure. */
export function useStartSso() {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: startSso });
  const { error } = mutation;
  return {
    start: (state: SsoStartState) => {
      mutation.mutate(state);
    },
    // Still busy after success: the page is about to be replaced by the provider's.
    busy: mutation.isPending || mutation.isSuccess,
    errorMessage: error
      ? t(error instanceof NetworkError ? 'sso.networkError' : 'sso.startFailed')
      : undefined,
  };
}
