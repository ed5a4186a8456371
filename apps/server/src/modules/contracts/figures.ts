import { offerWithinCap, toGel, toTetri, type LoanOffer, type LoanPricing } from '@sesxi/contract';

/** What was approved: the amount (GEL) and the months. */
export interface ApprovedTerms {
  amount: number;
  months: number;
}

/** One fee as the contract states it: `upfront` is deducted from the payout, `monthly` paid with each payment. */
export interface ContractFee {
  kind: 'upfront' | 'monthly';
  amount: number;
}

/**
 * The contract's numbers: the offer on the chosen payment day, computed on real dates from the
 * expected payout date, with what the key-terms sheet adds to it.
 */
export interface ContractFigures extends LoanOffer {
  payout_date: string;
  first_payment_date: string;
  /** What reaches the customer's account: the amount less the one-off fees. */
  paid_out: number;
  /** Every payment and every fee (the one-off ones too): the amount and the total cost. */
  total_to_repay: number;
  /** The fees the product charges, each one that is not zero. */
  fees: ContractFee[];
  /**
   * The interest of one day at the nominal rate on the whole amount (a 365-day year): what a
   * withdrawal after the payout costs for each day the money was used.
   */
  daily_interest: number;
}

/** A payment day every month has: the payout's own day of the month, or the 28th after it. */
export function defaultPaymentDay(payoutDate: string): number {
  return Math.min(Number(payoutDate.slice(8, 10)), 28);
}

/**
 * The figures of `terms` under `pricing`, paid out on `payoutDate` with payments on
 * `paymentDay`. Never above the 50% cap: throws the contract package's `EffectiveRateCapError`
 * (a short first period still charges a whole monthly fee, so a payment day can pass it).
 */
export function contractFigures(
  pricing: LoanPricing,
  { amount, months }: ApprovedTerms,
  paymentDay: number,
  payoutDate: string,
): ContractFigures {
  const offer = offerWithinCap(pricing, { amount, months, paymentDay }, payoutDate);
  const [first] = offer.schedule;
  if (!first) throw new Error('a schedule without payments');
  const fees = (
    [
      { kind: 'upfront', amount: offer.upfront_fee },
      { kind: 'monthly', amount: pricing.monthly_fee },
    ] satisfies ContractFee[]
  ).filter((fee) => fee.amount > 0);
  return {
    ...offer,
    payout_date: payoutDate,
    first_payment_date: first.date,
    paid_out: toGel(toTetri(amount) - toTetri(offer.upfront_fee)),
    total_to_repay: toGel(toTetri(offer.total_repayment) + toTetri(offer.upfront_fee)),
    fees,
    daily_interest: toGel(Math.round((toTetri(amount) * pricing.nominal_rate) / 100 / 365)),
  };
}
