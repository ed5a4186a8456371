import type { FastifyInstance } from 'fastify';
import {
  contractRoutes,
  createContractReader,
  type StandingOf,
} from '#app/modules/contracts/index.ts';
import { lastPayoutView, settlePayoutForWithdrawal } from '#app/modules/payouts/index.ts';
import {
  eContractConsentOf,
  signingPlugin,
  withdrawableUntil,
  type PayoutHooks,
} from '#app/modules/signing/index.ts';

/**
 * The contract's modules side by side (decision 022): `contracts` (the offer and its documents),
 * `signing` (the signature and the withdrawal) and `payouts` import none of the others; this
 * hands each what it needs of them. Registered once the payouts plugin decorates `app.payouts`.
 */
export async function registerContractLifecycle(app: FastifyInstance): Promise<void> {
  const standingOf: StandingOf = async (db, { loanId, userId }) => ({
    withdrawable_until: await withdrawableUntil(db, loanId),
    e_contract_consent: await eContractConsentOf(db, userId),
    payout: await lastPayoutView(db, loanId),
  });
  const payouts: PayoutHooks = {
    afterSigning: async (tx, signed) => {
      const job = await app.payouts.requestPayout(tx, signed);
      return job === undefined ? undefined : () => app.payouts.payNow(job);
    },
    awaitsNewSignature: async (tx, loanId) =>
      (await lastPayoutView(tx, loanId))?.state === 'refused',
    settlePayoutForWithdrawal: (tx, loanId) =>
      settlePayoutForWithdrawal(tx, loanId, app.clock.now()),
  };
  await app.register(contractRoutes, { standingOf });
  await app.register(signingPlugin, { contracts: createContractReader(standingOf), payouts });
}
