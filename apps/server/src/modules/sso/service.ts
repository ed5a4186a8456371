import type { ResponseOf, SsoContext, ssoInitiate, ssoUserInfo } from '@sesxi/contract';
import { HttpError, httpError } from '#app/errors.ts';
import {
  SignInRefusedError,
  type IdentityProvider,
  type VerifiedIdentity,
} from '#app/integrations/sso/identity-provider.ts';
import { newToken, tokenFormat, tokenHash } from '#app/security/tokens.ts';
import type { Database } from '#app/db/database.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { createUserRepository } from '#app/modules/users/index.ts';
import { createSsoRepository } from './repository.ts';

/** A sign-in must come back within 15 minutes of its start (the expiry)… */
const pendingMs = 15 * 60_000;
/** …and its identity stays usable for the registration form for 30 minutes after that. */
const identityUsableMs = 30 * 60_000;

interface SsoDependencies extends ServiceContext {
  identityProvider: IdentityProvider;
}

/**
 * Spends the completed registration sign-in behind `token` and answers whom it identified;
 * undefined for any other token. One use only, like `spendLoanSignIn`.
 */
export async function spendRegistrationSignIn(
  db: Database,
  token: string,
  now: Date,
): Promise<VerifiedIdentity | undefined> {
  if (!tokenFormat.test(token)) return undefined;
  return createSsoRepository(db).consumeIdentity(tokenHash(token), 'registration', now);
}

/** The single sign-on that identified a customer for one of their applications. */
export interface LoanSignIn {
  transactionId: number;
  personalNumber: string;
  completedAt: Date;
}

/**
 * Spends the completed sign-on behind `token` that `userId` started for `loanId`, answering
 * who it identified; undefined for any other token. One use only: pass the transaction's
 * handle to spend it together with what it allows.
 */
export async function spendLoanSignIn(
  db: Database,
  token: string,
  owner: { userId: number; loanId: number },
  now: Date,
): Promise<LoanSignIn | undefined> {
  if (!tokenFormat.test(token)) return undefined;
  const spent = await createSsoRepository(db).consumeLoanIdentity(tokenHash(token), owner, now);
  return (
    spent && {
      transactionId: spent.id,
      personalNumber: spent.personalNumber,
      completedAt: spent.completedAt,
    }
  );
}

export function createSsoService({ db, identityProvider, clock, log }: SsoDependencies) {
  const repository = createSsoRepository(db);

  return {
    /** Starts a transaction; the browser keeps the token and goes to the provider. */
    async initiate(
      state: { context: SsoContext; loan_id?: number | null },
      userId: number | null,
    ): Promise<ResponseOf<typeof ssoInitiate>> {
      const signIn = await identityProvider.startSignIn();
      const token = newToken();
      const now = clock.now();
      await repository.insert({
        tokenHash: tokenHash(token),
        context: state.context,
        loanId: state.loan_id ?? null,
        userId,
        state: signIn.state,
        nonce: signIn.nonce,
        codeVerifier: signIn.codeVerifier,
        now,
        expiresAt: new Date(now.getTime() + pendingMs),
      });
      return { status: 'success', sso_token: token, auth_url: signIn.authUrl };
    },

    /**
     * Exchanges the provider's code for a verified identity, once per transaction; answers
     * where the sign-in started.
     */
    async complete(
      token: string,
      code: string,
    ): Promise<{ context: SsoContext; loan_id: number | null }> {
      const transaction = tokenFormat.test(token)
        ? await repository.findPending(tokenHash(token), clock.now())
        : undefined;
      if (!transaction) {
        // Back or a reload brings a spent callback again: the browser goes on quietly.
        if (tokenFormat.test(token) && (await repository.wasCompleted(tokenHash(token)))) {
          log.info({ event: 'sso_failed', reason: 'already completed' }, 'single sign-on spent');
          throw new HttpError(409, 'sso.alreadyCompleted');
        }
        throw notCompleted('no pending transaction for the token');
      }
      let identity;
      try {
        identity = await identityProvider.finishSignIn(code, transaction);
      } catch (error) {
        if (error instanceof SignInRefusedError) {
          throw notCompleted(error.message, error);
        }
        throw error;
      }
      const now = clock.now();
      const completed = await repository.complete(transaction.id, identity, {
        now,
        usableUntil: new Date(now.getTime() + identityUsableMs),
      });
      if (!completed) throw new HttpError(409, 'sso.alreadyCompleted');
      log.info(
        { event: 'sso_completed', context: transaction.context },
        'single sign-on completed',
      );
      return { context: transaction.context, loan_id: transaction.loanId };
    },

    async userInfo(token: string): Promise<ResponseOf<typeof ssoUserInfo>> {
      const identity = tokenFormat.test(token)
        ? await repository.findIdentity(tokenHash(token), clock.now())
        : undefined;
      if (!identity) throw httpError(404, 'errors.notFound');
      return {
        status: 'success',
        user_info: {
          name: identity.givenName,
          surname: identity.familyName,
          identity_number: identity.personalNumber,
        },
        already_registered: await createUserRepository(db).isIdentityRegistered(
          identity.personalNumber,
        ),
      };
    },
  };

  function notCompleted(reason: string, cause?: unknown) {
    log.info({ event: 'sso_failed', reason }, 'single sign-on not completed');
    return new HttpError(422, 'sso.notCompleted', { cause });
  }
}
