import { lenderLoanStatuses, toGel } from '@sesxi/contract';
import { inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Database } from '#app/db/database.ts';
import { aliasedColumns } from '#app/db/prepared.ts';
import {
  loanApplications,
  loanOfferSnapshots,
  loanPurposes,
  questionnaires,
} from '#app/db/schema.ts';
import {
  currentProductsSql,
  decodeProductRow,
  type ProductRow,
} from '#app/modules/loan-products/index.ts';
import { sessionRead, signedInUserId } from '#app/modules/sessions/index.ts';
import type { Quote, QuoteInputs, QuestionnaireFinances } from './quote.ts';

/**
 * What the customer `userId`'s loans with this lender cost a month, in tetri: the payment
 * approved for each of their applications in `lenderLoanStatuses` (its approval snapshot's).
 */
function lenderObligationsTetri(userId: SQLWrapper | number) {
  return sql<number>`(select coalesce(sum(${loanOfferSnapshots.monthlyPayment} * 100), 0)::int
    from ${loanOfferSnapshots}
    join ${loanApplications} on ${loanApplications.id} = ${loanOfferSnapshots.applicationId}
    where ${loanApplications.userId} = ${userId}
      and ${loanOfferSnapshots.kind} = 'approval'
      and ${inArray(loanApplications.status, lenderLoanStatuses)})`;
}

/** What the customer's loans with this lender cost a month now, GEL (see lenderObligationsTetri). */
export async function lenderObligationsOf(db: Database, userId: number): Promise<number> {
  const [row] = rowsOf<{ tetri: number }>(
    await db.execute(sql`select ${lenderObligationsTetri(userId)} as "tetri"`),
  );
  return toGel(row?.tetri ?? 0);
}

/** What a live offer is computed from, whatever the customer asks for. */
export interface OfferInputsRead {
  /** The current products (currentProductsSql's rows). */
  products: ProductRow[];
  questionnaire: QuestionnaireFinances | null;
  purposeIds: number[];
  /** What the customer's loans with this lender cost a month, tetri. */
  lenderObligations: number;
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
 * purposes' ids, what their loans with this lender cost a month) done by its sign-in check, in the session's statement: none of them depends
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
      array(select ${loanPurposes.id} from ${loanPurposes}) as "purposeIds",
      ${lenderObligationsTetri(signedInUserId)} as "lenderObligations"`,
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
