import type { ResponseOf, sdaInfo } from '@sesxi/contract';
import { httpError } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import type { SdaRegistry } from '#app/integrations/sda/sda-registry.ts';
import {
  createConsentLedger,
  type ConsentEvidence,
  type ShownWording,
} from '#app/modules/consents/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import type { UserProfile } from '#app/modules/users/index.ts';
import { createSdaRepository } from './repository.ts';

interface SdaDependencies extends ServiceContext {
  registry: SdaRegistry;
}

/** Enough of a personal number to tell refusals apart in the log, never the whole of it. */
export function maskedPersonalNumber(personalNumber: string): string {
  return `${'*'.repeat(Math.max(0, personalNumber.length - 4))}${personalNumber.slice(-4)}`;
}

export function createSdaService({ db, clock, log, registry }: SdaDependencies) {
  return {
    async info(): Promise<ResponseOf<typeof sdaInfo>> {
      const wording = await createConsentLedger(db).currentWording('sda_information');
      return {
        status: 'success',
        sda_info_text: wording.body,
        sda_info_html: wording.html,
        sda_info_version: wording.version,
        sda_info_sha256: wording.sha256,
      };
    },

    /**
     * Asks the registry to confirm the customer's identity, under the consent to the wording
     * `shown` (409 before anything is asked when that is no longer the current one). Confirmed:
     * the customer is marked SDA-verified and the consent to that wording recorded, in one
     * transaction. Refused: the account is deleted, so an identity the registry does not know
     * keeps no personal number or phone and can register again. An unreachable registry throws
     * ServiceUnavailableError, nothing changed.
     */
    async check(
      user: UserProfile,
      evidence: ConsentEvidence,
      shown: Omit<ShownWording, 'field'> = {},
    ): Promise<'success' | 'refused'> {
      if (user.isSdaVerified) return 'success';
      // Customers always have both (a check constraint); only support accounts lack them.
      if (user.identityNumber === null || user.documentNumber === null) {
        throw httpError(403, 'errors.forbidden');
      }
      const wording = await createConsentLedger(db).agreedWording('sda_information', {
        ...shown,
        field: 'is_sda_verified',
      });
      const answer = await registry.check({
        personalNumber: user.identityNumber,
        name: user.name,
        surname: user.surname,
        documentNumber: user.documentNumber,
      });
      if (answer === 'refused') {
        const deleted = await createSdaRepository(db).deleteUnverified(user.id);
        recordEvent(
          log,
          'sda_refused',
          {
            userId: user.id,
            personalNumber: maskedPersonalNumber(user.identityNumber),
            accountDeleted: deleted,
          },
          'the registry refused the identity; the unverified account was deleted',
        );
        return 'refused';
      }
      await db.transaction(async (tx) => {
        if (await createSdaRepository(tx).markVerified(user.id, clock.now())) {
          await createConsentLedger(tx).record(user.id, wording, evidence);
        }
      });
      recordEvent(log, 'sda_verified', { userId: user.id }, 'personal data confirmed');
      return 'success';
    },
  };
}
