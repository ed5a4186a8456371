import { toTetri, upfrontFeeTetri, type ScheduleTetri } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { createLoanProductRepository } from '#app/modules/loan-products/index.ts';
import { scheduleWithinCap } from './capped-schedule.ts';
import { createPayoutRepository, type ApprovedLoan } from './repository.ts';

/** An approved loan with its contract, priced by the product version it was approved on. */
export interface LoanTerms {
  loan: ApprovedLoan;
  /** What reaches the customer's account: the approved amount less the upfront fees, tetri. */
  payoutTetri: number;
  /**
   * The schedule fixed from the payout date (`YYYY-MM-DD`) on the contract's payment day, never
   * above the 50% cap however late the payout came.
   */
  scheduleFrom: (payoutDate: string) => ScheduleTetri;
}

/** The terms of loan `loanId`'s contract; undefined when it has no contract or approval. */
export async function loanTermsOf(tx: Database, loanId: number): Promise<LoanTerms | undefined> {
  const loan = await createPayoutRepository(tx).approvedLoan(loanId);
  if (!loan) return undefined;
  const product = await createLoanProductRepository(tx).byId(loan.productId);
  if (!product) throw new Error(`the product ${loan.productId} of loan ${loanId} is gone`);
  const terms = { amount: loan.amount, months: loan.months, paymentDay: loan.paymentDay };
  return {
    loan,
    payoutTetri: toTetri(loan.amount) - upfrontFeeTetri(product, loan.amount),
    scheduleFrom: (payoutDate) => scheduleWithinCap(product, terms, payoutDate),
  };
}
