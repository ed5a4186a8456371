import { formatTimestamp, translate, type Contract, type Locale } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { createContractRepository } from './repository.ts';

/**
 * What the contract's answer takes from the modules beside this one: the withdrawal's last day
 * and the e-contract agreement (signing), the payout (payouts). app.ts hands it in.
 */
export type ContractStanding = Pick<
  Contract,
  'withdrawable_until' | 'e_contract_consent' | 'payout'
>;
export type StandingOf = (
  db: Database,
  contract: { loanId: number; userId: number },
) => Promise<ContractStanding>;

export type OwnedContract = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createContractRepository>['owned']>>
>;

/**
 * The document `contract.pdf` serves: the signed contract once signed, unless a newer document
 * waits for a new signature (another account after a refused payout).
 */
export function servedDocument({ current, signed }: OwnedContract) {
  return signed && signed.id > current.id ? signed : current;
}

/**
 * The contract as the customer reads it: the figures of its current document (which the
 * customer would sign), and the SHA-256 of the file `contract.pdf` serves, the signed one once
 * there is one.
 */
export function contractView(
  owned: OwnedContract,
  locale: Locale,
  standing: ContractStanding,
): Contract {
  const { contract, current } = owned;
  const { details } = current;
  const { figures } = details;
  return {
    number: contract.number,
    status: contract.status,
    amount: details.amount,
    months: details.months,
    payment_day: details.payment_day,
    first_payment_date: figures.first_payment_date,
    monthly_payment: figures.monthly_payment,
    nominal_rate: figures.nominal_rate,
    effective_rate: figures.effective_rate,
    total_to_repay: figures.total_to_repay,
    fees: figures.fees.map((fee) => ({
      kind: fee.kind,
      name: translate(fee.kind === 'upfront' ? 'fee.upfront' : 'fee.monthly', locale),
      amount: fee.amount,
    })),
    schedule: figures.schedule,
    valid_until: contract.validUntil,
    iban: details.iban,
    sha256: servedDocument(owned).sha256,
    signed_at: contract.signedAt && formatTimestamp(contract.signedAt),
    ...standing,
  };
}
