import { inArray } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { loanOfferSnapshots } from '#app/db/schema.ts';
import type { Quote, QuoteInputs } from './quote.ts';

/** Offer snapshots: written once, when an application is submitted; never changed. */
export function createOfferSnapshotRepository(db: Database) {
  return {
    async insert(
      applicationId: number,
      productId: number,
      inputs: QuoteInputs,
      { offer, affordability }: Quote,
      now: Date,
    ): Promise<void> {
      await db.insert(loanOfferSnapshots).values({
        applicationId,
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

    /** The monthly payment and effective rate stored for each of `applicationIds` that has a snapshot. */
    summaries(applicationIds: number[]) {
      if (applicationIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          applicationId: loanOfferSnapshots.applicationId,
          monthlyPayment: loanOfferSnapshots.monthlyPayment,
          effectiveRate: loanOfferSnapshots.effectiveRate,
        })
        .from(loanOfferSnapshots)
        .where(inArray(loanOfferSnapshots.applicationId, applicationIds));
    },
  };
}
