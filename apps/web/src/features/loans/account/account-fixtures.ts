import type { LoanAccount, TransferDetails } from '@sesxi/contract';
import { jsonResponse, type ApiAnswer } from '../../../test/api-fixtures';
import { renderLoanScreen } from '../loan-fixtures';

// Test answers for loan 7's account, paid out on 2026-11-15 and repaid monthly on the 15th.

/** Three instalments, the first paid, the second due: nothing late. */
export const currentAccount: LoanAccount = {
  status: 'active',
  principal_outstanding: 1341.55,
  next_payment: { date: '2027-01-15', amount: 712.45 },
  overdue: { days: 0, principal: 0, interest: 0, penalty: 0, total: 0 },
  late_costs_cap_left: 2012.33,
  credit_balance: 0,
  schedule: [
    {
      number: 1,
      date: '2026-12-15',
      principal: 658.45,
      interest: 54,
      total: 712.45,
      paid: 712.45,
      state: 'paid',
    },
    {
      number: 2,
      date: '2027-01-15',
      principal: 683.62,
      interest: 28.83,
      total: 712.45,
      paid: 0,
      state: 'due',
    },
    {
      number: 3,
      date: '2027-02-15',
      principal: 657.93,
      interest: 15.16,
      total: 673.09,
      paid: 0,
      state: 'future',
    },
  ],
  transactions: [
    {
      id: 11,
      date: '2026-11-15',
      kind: 'payout',
      amount: 2000,
      allocation: { penalty: 0, interest: 0, principal: 0, fee: 0, credit: 0 },
      reference: 'PAYOUT-7',
    },
    {
      id: 12,
      date: '2026-12-15',
      kind: 'payment',
      amount: 712.45,
      allocation: { penalty: 0, interest: 54, principal: 658.45, fee: 0, credit: 0 },
      reference: null,
    },
  ],
};

/**
 * Repaid by a payoff on 2026-12-20, after the second instalment was paid early: the interest it
 * paid in advance for the days after the payoff released into the principal.
 */
export const paidOffAccount: LoanAccount = {
  ...currentAccount,
  status: 'repaid',
  principal_outstanding: 0,
  next_payment: null,
  transactions: [
    ...currentAccount.transactions,
    {
      id: 13,
      date: '2026-12-20',
      kind: 'payment',
      amount: 651.62,
      allocation: { penalty: 0, interest: 0, principal: 651.62, fee: 0, credit: 0 },
      reference: 'PAYOFF-7',
    },
    {
      id: 14,
      date: '2026-12-20',
      kind: 'advance_release',
      amount: 0,
      allocation: { penalty: 0, interest: -7.4, principal: 7.4, fee: 0, credit: 0 },
      reference: 'PAYOFF-7',
    },
  ],
};

/** The second instalment 5 days late, with a penalty on it. */
export const overdueAccount: LoanAccount = {
  ...currentAccount,
  next_payment: { date: '2027-02-15', amount: 673.09 },
  overdue: { days: 5, principal: 683.62, interest: 28.83, penalty: 18.11, total: 730.56 },
  late_costs_cap_left: 1994.22,
  schedule: currentAccount.schedule.map((instalment) =>
    instalment.number === 2 ? { ...instalment, state: 'overdue' } : instalment,
  ),
};

/** The lender's account for transfers, the customer's personal number in the purpose. */
export const lenderTransfer: TransferDetails = {
  bank_name: 'საქართველოს ბანკი',
  iban: 'GE59BG0000000123456789',
  reference: '01001011011',
};

export function accountAnswer(
  account: LoanAccount,
  transfer: TransferDetails | null = lenderTransfer,
) {
  return jsonResponse({ status: 'success', account, transfer });
}

/** A signed-in customer on loan 7's page, `account` answered for it. */
export function renderAccountScreen(account: LoanAccount, answers: Record<string, ApiAnswer> = {}) {
  return renderLoanScreen('/loans/7', {
    'GET /api/loans/7/account': () => accountAnswer(account),
    ...answers,
  });
}
