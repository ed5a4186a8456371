import type { Contract } from '@sesxi/contract';
import { jsonResponse, type ApiAnswer } from '../../../test/api-fixtures';
import { wordingSha256Fixture } from '../../../test/consent-wording';
import { renderLoanScreen } from '../loan-fixtures';

// Test answers for the contract screen's calls, for application 7.

/** An approved application's contract before the customer has chosen anything. */
export const offeredContract: Contract = {
  number: 'SX-2026-000007',
  status: 'offered',
  amount: 2000,
  months: 3,
  payment_day: 15,
  first_payment_date: '2026-12-15',
  monthly_payment: 712.45,
  nominal_rate: 24,
  effective_rate: 41.37,
  total_to_repay: 2193.35,
  fees: [
    { kind: 'upfront', name: 'გაცემის საკომისიო', amount: 50 },
    { kind: 'monthly', name: 'მომსახურების საკომისიო', amount: 2 },
  ],
  schedule: [
    {
      number: 1,
      date: '2026-12-15',
      payment: 712.45,
      principal: 658.45,
      interest: 52,
      fee: 2,
      balance: 1341.55,
    },
    {
      number: 2,
      date: '2027-01-15',
      payment: 712.45,
      principal: 683.62,
      interest: 26.83,
      fee: 2,
      balance: 657.93,
    },
    {
      number: 3,
      date: '2027-02-15',
      payment: 673.09,
      principal: 657.93,
      interest: 13.16,
      fee: 2,
      balance: 0,
    },
  ],
  valid_until: '2026-12-04',
  iban: null,
  sha256: '9c'.repeat(32),
  signed_at: null,
  payout: null,
  withdrawable_until: null,
  e_contract_consent: {
    html: '<p>ვეთანხმები, რომ ხელშეკრულებები ელექტრონულად დაიდოს და SMS კოდი ჩემი ხელმოწერის ტოლფასი იყოს.</p>',
    version: 1,
    sha256: wordingSha256Fixture,
  },
};

/** A valid Georgian IBAN (the National Bank's example), as the server spells it. */
export const ibanFixture = 'GE29NB0000000101904917';

/** The same contract with the account given, ready to sign. */
export const readyContract: Contract = { ...offeredContract, iban: ibanFixture };

/** Signed, the payout on its way, the 14 days running. */
export const signedContract: Contract = {
  ...readyContract,
  status: 'signed',
  sha256: '4d'.repeat(32),
  signed_at: '2026-11-27 12:10:05',
  payout: { state: 'pending', bank_reference: null, paid_at: null },
  withdrawable_until: '2026-12-11',
  e_contract_consent: null,
};

export function contractAnswer(contract: Contract) {
  return jsonResponse({ status: 'success', contract });
}

/** A signed-in customer on application 7's contract screen, `contract` answered for it. */
export function renderContractScreen(contract: Contract, answers: Record<string, ApiAnswer> = {}) {
  return renderLoanScreen('/loans/7/contract', {
    'GET /api/loans/7/contract': () => contractAnswer(contract),
    ...answers,
  });
}
