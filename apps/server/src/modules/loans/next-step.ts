import type { ContractStatus, LoanStatusCode, NextStep } from '@sesxi/contract';

/**
 * What the customer does next with an application, from its approval on (null before, and for
 * one that ended without an approval): sign an offer that stands, wait for a signed contract's
 * payout, pay a loan being repaid (or returned after a withdrawal); nothing once it is over.
 */
export function nextStepOf(
  status: LoanStatusCode,
  contractStatus: ContractStatus | null,
): NextStep | null {
  switch (status) {
    case 'approved':
      return contractStatus === 'offered' ? 'sign' : 'none';
    case 'signed':
      return 'wait_for_payout';
    case 'active':
    case 'withdrawing':
      return 'pay';
    case 'expired':
    case 'withdrawn':
    case 'repaid':
      return 'none';
    default:
      return null;
  }
}
