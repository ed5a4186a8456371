import { ReviewPage } from '../../features/decisions/review/review-page';
import { LoanLedger } from '../../features/loans/account/loan-ledger';

/**
 * `/applications/{id}`: the officer's review, a paid-out loan's ledger shown as its customer
 * reads it. The review takes the ledger as a slot, so neither feature imports the other.
 */
export function ApplicationReviewPage() {
  return <ReviewPage ledger={(account) => <LoanLedger account={account} />} />;
}
