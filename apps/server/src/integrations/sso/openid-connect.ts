import * as oidc from 'openid-client';
import { z } from 'zod';
import type { SsoSettings } from '#app/config/services.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import {
  SignInRefusedError,
  type IdentityProvider,
  type SignInChecks,
  type VerifiedIdentity,
} from './identity-provider.ts';

/** The claims the sign-in needs, from userinfo (the ID token's `sub` must match). */
const identityClaims = z.object({
  given_name: z.string().trim().min(1).max(100),
  family_name: z.string().trim().min(1).max(100),
  personal_number: z.string().regex(/^\d{11}$/),
});

/** openid-client's codes for a provider that answered nothing usable: it is down, not refusing. */
const unavailableCodes = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
]);

/**
 * The relying party (openid-client): discovery on first use (a provider down at start does not
 * stop the server; a failed discovery is retried on the next sign-in), authorization code with
 * PKCE S256, state and nonce, ID token validation, then userinfo. The provider's tokens stay in
 * this function.
 */
export function createOpenIdConnectProvider(
  settings: SsoSettings,
  { timeoutSeconds = 10 }: { timeoutSeconds?: number } = {},
): IdentityProvider {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        oidc.ClientSecretBasic(),
        {
          timeout: timeoutSeconds,
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- the sandbox provider on a plain-HTTP APP_URL
          execute: settings.allowInsecureRequests ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    async startSignIn() {
      const config = await configuration().catch(unavailable);
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const authUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid profile',
        response_type: 'code',
        // Every sign-in asks who signs in: a provider session left by an earlier person in this
        // browser (registering someone else after logging out) is never reused silently.
        prompt: 'login',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { ...checks, authUrl: authUrl.href };
    },

    async finishSignIn(code, checks) {
      const config = await configuration().catch(unavailable);
      try {
        const tokens = await oidc.authorizationCodeGrant(
          config,
          callbackUrl(config, code, checks),
          {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            expectedNonce: checks.nonce,
            idTokenExpected: true,
          },
        );
        const subject = tokens.claims()?.sub;
        if (subject === undefined) throw new SignInRefusedError('the ID token names no subject');
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, subject);
        return identityOf(userInfo);
      } catch (error) {
        if (error instanceof SignInRefusedError) throw error;
        if (isUnavailable(error)) unavailable(error);
        throw new SignInRefusedError('the provider refused the code or its tokens did not verify', {
          cause: error,
        });
      }
    },
  };

  /**
   * The browser hands over only the code; the rest of the redirect it received is rebuilt from
   * the transaction. The code stays bound to this transaction by PKCE, and the ID token by the
   * nonce.
   */
  function callbackUrl(config: oidc.Configuration, code: string, checks: SignInChecks): URL {
    const url = new URL(settings.redirectUri);
    url.searchParams.set('code', code);
    url.searchParams.set('state', checks.state);
    const metadata = config.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported) {
      url.searchParams.set('iss', metadata.issuer);
    }
    return url;
  }
}

function identityOf(claims: unknown): VerifiedIdentity {
  const parsed = identityClaims.safeParse(claims);
  if (!parsed.success) throw new SignInRefusedError('the provider sent no usable identity');
  return {
    givenName: parsed.data.given_name,
    familyName: parsed.data.family_name,
    personalNumber: parsed.data.personal_number,
  };
}

/** A network failure (fetch's TypeError) or a provider answering nothing usable. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof oidc.ClientError) return unavailableCodes.has(error.code ?? '');
  return error instanceof TypeError;
}

function unavailable(error: unknown): never {
  throw new ServiceUnavailableError('sso', { cause: error });
}
