import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { aliasedColumns } from '#app/db/prepared.ts';
import { loanOfferSnapshots, loanPurposes, questionnaires } from '#app/db/schema.ts';
import {
  currentProductsSql,
  decodeProductRow,
  type ProductRow,
} from '#app/modules/loan-products/repository.ts';
import { sessionRead, signedInUserId } from '#app/modules/sessions/repository.ts';
import type { Quote, QuoteInputs, QuestionnaireFinances } from './quote.ts';

/** What a live offer is computed from, whatever the customer asks for. */
export interface OfferInputsRead {
  /** The current products (currentProductsSql's rows). */
  products: ProductRow[];
  questionnaire: QuestionnaireFinances | null;
  purposeIds: number[];
}

const financeColumns = {
  salary: questionnaires.salary,
  transfer: questionnaires.transfer,
  entrepreneurIncome: questionnaires.entrepreneurIncome,
  pension: questionnaires.pension,
  monthlyLoanPayments: questionnaires.monthlyLoanPayments,
  totalFinancialLiability: questionnaires.totalFinancialLiability,
} satisfies Record<keyof QuestionnaireFinances, unknown>;

/**
 * `POST /api/loan-offer`'s reads (the current products, the customer's finances, the loan
 * purposes' ids) done by its sign-in check, in the session's statement: none of them depends
 * on the body, which is not parsed yet when the check runs.
 */
export const offerInputsWithSession = sessionRead<OfferInputsRead>('session_loan_offer_inputs', {
  rows: sql`select
      (select coalesce(json_agg("product" order by "product"."code"), '[]')
        from (${currentProductsSql}) as "product") as "products",
      (select row_to_json("finances") from (
          select ${aliasedColumns(financeColumns)} from ${questionnaires}
          where ${questionnaires.userId} = ${signedInUserId}
        ) as "finances") as "questionnaire",
      array(select ${loanPurposes.id} from ${loanPurposes}) as "purposeIds"`,
  decodeRow: ({ products }) => {
    for (const product of products) decodeProductRow(product);
  },
});

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
