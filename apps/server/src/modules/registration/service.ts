import type { Locale, register, registerForm, ResponseOf, SessionUser } from '@sesxi/contract';
import type { z } from 'zod';
import type { Database } from '#app/db/database.ts';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import { HttpError, type Message } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import { refuseCommonPassword } from '#app/security/common-passwords.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { createConsentLedger, type ConsentEvidence } from '#app/modules/consents/index.ts';
import { spendConfirmedCode } from '#app/modules/phone-codes/index.ts';
import type { SessionService } from '#app/modules/sessions/index.ts';
import { spendRegistrationSignIn } from '#app/modules/sso/index.ts';
import { createUserRepository, type User, sessionUserOf } from '#app/modules/users/index.ts';
import { createQuestionnaireRepository } from '#app/modules/questionnaires/index.ts';
import { createRegistrationRepository } from './repository.ts';
import type { ServiceContext } from '#app/service-context.ts';

type Registration = z.output<NonNullable<(typeof register)['body']>>;

/** A unique index the database enforces, and the field whose error it is. */
const fieldOfConstraint: Record<string, [string, Message]> = {
  users_identity_number_unique: ['identity_number', { key: 'validation.identityTaken' }],
  users_phone_unique: ['phone', { key: 'validation.phoneTaken' }],
};

interface RegistrationDependencies extends ServiceContext {
  sessions: SessionService;
}

export function createRegistrationService({ db, sessions, clock, log }: RegistrationDependencies) {
  const repository = createRegistrationRepository(db);
  const consents = createConsentLedger(db);

  return {
    async form(locale: Locale): Promise<ResponseOf<typeof registerForm>> {
      const [documentTypes, privacyPolicy] = await Promise.all([
        repository.documentTypes(locale),
        consents.currentWording('privacy_policy'),
      ]);
      return {
        status: 'success',
        documentTypes,
        privacy_policy_info_text: privacyPolicy.body,
        privacy_policy_info_html: privacyPolicy.html,
        privacy_policy_info_version: privacyPolicy.version,
        privacy_policy_info_sha256: privacyPolicy.sha256,
      };
    },

    /**
     * Creates the account and signs it in. Identity comes only from the completed SSO
     * transaction and the phone's confirmation only from the server's record of the code;
     * both are spent by the registration, in one transaction with the account and the consent
     * to the privacy policy shown (409, nothing spent, when that is no longer the current one).
     */
    async register(body: Registration, evidence: ConsentEvidence): Promise<SessionUser> {
      refuseCommonPassword(body.password);
      if (!(await repository.documentTypeExists(body.document_type_id))) {
        throw fieldErrors({ document_type_id: [{ key: 'validation.documentType' }] });
      }
      const passwordHash = await hashPassword(body.password);
      const user = await db
        .transaction((tx) => createAccount(tx, body, passwordHash, evidence))
        .catch((error: unknown) => {
          const field = fieldOfConstraint[violatedUniqueConstraint(error) ?? ''];
          throw field ? fieldErrors({ [field[0]]: [field[1]] }) : error;
        });
      recordEvent(log, 'registered', { userId: user.id }, 'account registered');
      const apiToken = await sessions.start(user.id);
      const hasQuestionnaire = await createQuestionnaireRepository(db).existsFor(user.id);
      return sessionUserOf(user, apiToken, hasQuestionnaire);
    },
  };

  async function createAccount(
    tx: Database,
    body: Registration,
    passwordHash: string,
    evidence: ConsentEvidence,
  ): Promise<User> {
    const privacyPolicy = await createConsentLedger(tx).agreedWording('privacy_policy', {
      field: 'privacy_policy',
      version: body.privacy_policy_info_version,
      text: body.privacy_policy_agreement_text,
    });
    const now = clock.now();
    const users = createUserRepository(tx);
    const problems: Record<string, Message[]> = {};
    const identity = await spendRegistrationSignIn(tx, body.sso_token, now);
    if (!identity) problems.sso_token = [{ key: 'validation.ssoRequired' }];
    else if (await users.isIdentityRegistered(identity.personalNumber)) {
      problems.identity_number = [{ key: 'validation.identityTaken' }];
    }
    const phoneVerifiedAt = await spendConfirmedCode(tx, body.phone, 'registration', now);
    if (await users.isPhoneRegistered(body.phone)) {
      problems.phone = [{ key: 'validation.phoneTaken' }];
    } else if (!phoneVerifiedAt) problems.phone = [{ key: 'validation.phoneNotConfirmed' }];
    if (!identity || !phoneVerifiedAt || Object.keys(problems).length > 0) {
      throw fieldErrors(problems);
    }

    const user = await users.insert({
      name: identity.givenName,
      surname: identity.familyName,
      identityNumber: identity.personalNumber,
      documentTypeId: body.document_type_id,
      documentNumber: body.document_number,
      phone: body.phone,
      passwordHash,
      phoneVerifiedAt,
    });
    await createConsentLedger(tx).record(user.id, privacyPolicy, evidence);
    return user;
  }
}

function fieldErrors(fields: Record<string, Message[]>): HttpError {
  return new HttpError(422, 'errors.validation', { fields });
}
