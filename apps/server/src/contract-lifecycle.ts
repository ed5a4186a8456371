import type { FastifyInstance } from 'fastify';
import {
  contractRoutes,
  createContractReader,
  type StandingOf,
} from '#app/modules/contracts/index.ts';
import {
  eContractConsentOf,
  signingPlugin,
  withdrawableUntil,
  withoutPayouts,
} from '#app/modules/signing/index.ts';

/**
 * The contract's modules side by side (decision 022): `contracts` (the offer and its documents)
 * and `signing` (the signature and the withdrawal) import neither the other; this hands each
 * what it needs of the other.
 */
export async function registerContractLifecycle(app: FastifyInstance): Promise<void> {
  const standingOf: StandingOf = async (db, { loanId, userId }) => ({
    withdrawable_until: await withdrawableUntil(db, loanId),
    e_contract_consent: await eContractConsentOf(db, userId),
    payout: null,
  });
  await app.register(contractRoutes, { standingOf });
  await app.register(signingPlugin, {
    contracts: createContractReader(standingOf),
    payouts: withoutPayouts,
  });
}
