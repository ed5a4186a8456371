import type { Database } from '#app/db/database.ts';
import { loanOfferSnapshots } from '#app/db/schema.ts';
import type { Quote, QuoteInputs } from './quote.ts';

/** Offer snapshots: written once, when an application is submitted and when it is approved; never changed. */
export function createOfferSnapshotRepository(db: Database) {
  return {
    async insert(
      applicationId: number,
      productId: number,
      inputs: QuoteInputs,
      { offer, affordability }: Quote,
      now: Date,
      kind: 'submission' | 'approval' = 'submission',
    ): Promise<void> {
      await db.insert(loanOfferSnapshots).values({
        applicationId,
        kind,
        productId,
        inputs,
        monthlyPayment: offer.monthly_payment,
        totalRepayment: offer.total_repayment,
        totalCost: offer.total_cost,
        upfrontFee: offer.upfront_fee,
        nominalRate: offer.nominal_rate,
        effectiveRate: offer.effective_rate,
        schedule: offer.schedule,
        pti: affordability.pti,
        ptiLimit: affordability.limit,
        fits: affordability.fits,
        alternatives: affordability.alternatives,
        createdAt: now,
      });
    },
  };
}
