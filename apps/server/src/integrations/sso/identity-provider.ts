/** What the server keeps to finish a sign-in it started: it never leaves the server. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignInStart extends SignInChecks {
  /** Where the browser goes to sign in. */
  authUrl: string;
}

/** The person the provider vouches for. */
export interface VerifiedIdentity {
  givenName: string;
  familyName: string;
  /** Eleven digits. */
  personalNumber: string;
}

/**
 * Single sign-on with an OpenID Connect provider: the real one in production, the sandbox
 * one under /dev-idp otherwise. Throws SignInRefusedError when the provider's answer does not
 * hold up, and ServiceUnavailableError('sso') when the provider cannot be reached.
 */
export interface IdentityProvider {
  startSignIn(): Promise<SignInStart>;
  finishSignIn(code: string, checks: SignInChecks): Promise<VerifiedIdentity>;
}

/** The code was refused or the tokens did not verify: the sign-in cannot be completed. */
export class SignInRefusedError extends Error {
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(reason, options);
    this.name = 'SignInRefusedError';
  }
}
