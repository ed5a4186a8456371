import type { Locale } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { contractView, type StandingOf } from './contract-view.ts';
import { createContractRepository } from './repository.ts';

/**
 * The contract as signing reads it (modules/signing's ContractReader): its state, the terms the
 * code's text names and the document a signature binds to; and the answer the contract
 * endpoints give. Both read with the handle they are given, a transaction's when signing.
 */
export function createContractReader(standingOf: StandingOf) {
  return {
    async read(db: Database, loanId: number, userId: number) {
      const owned = await createContractRepository(db).owned(loanId, userId);
      if (!owned) return undefined;
      const { contract, current, loanStatus } = owned;
      const { details } = current;
      return {
        loanId,
        loanStatus,
        number: contract.number,
        status: contract.status,
        validUntil: contract.validUntil,
        amount: details.amount,
        months: details.months,
        nominalRate: details.figures.nominal_rate,
        effectiveRate: details.figures.effective_rate,
        document: {
          id: current.id,
          sha256: current.sha256,
          storageKey: current.storageKey,
          iban: details.iban,
          paymentDay: details.payment_day,
        },
      };
    },

    async answer(db: Database, loanId: number, userId: number, locale: Locale) {
      const owned = await createContractRepository(db).owned(loanId, userId);
      if (!owned)
        throw new Error(`application ${String(loanId)} has no contract of user ${String(userId)}`);
      return contractView(owned, locale, await standingOf(db, { loanId, userId }));
    },
  };
}
