import type { ContractStatus, ScheduleRow } from '@sesxi/contract';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { bilingualListSql, type BilingualItem } from '#app/db/lookups.ts';
import { aliasedColumns, columnDecoder } from '#app/db/prepared.ts';
import {
  branches,
  loanApplications,
  loanContracts,
  loanDecisions,
  loanOfferSnapshots,
  loanProducts,
  loanPurposes,
  loanStatuses,
  rejectionReasons,
} from '#app/db/schema.ts';
import {
  currentProductsSql,
  decodeProductRow,
  type ProductRow,
} from '#app/modules/loan-products/index.ts';
import { sessionRead, signedInUserId } from '#app/modules/sessions/index.ts';
import {
  decisionFiguresJson,
  reasonTexts,
  summaryColumns,
  type ApplicationSummary,
  type DecisionFigures,
} from './application-summary.ts';

/*
 * The customer's reads that the sign-in check runs in the session's own statement: the
 * applications `loans-show` lists with their terms, and the loan form's options.
 */

const applicationColumns = {
  ...summaryColumns,
  productId: loanApplications.productId,
  decidedAt: loanApplications.updatedAt,
  contractStatus: loanContracts.status,
};

/** The approval's offer snapshot, beside the submission's that the list joins. */
const approvedOfferName = 'approved_offer';
const approvedOffer = alias(loanOfferSnapshots, approvedOfferName);

/**
 * The applications of the customer `userId`, with what `loans-show` needs in one statement:
 * the status in both languages, the figures stored at submission (null before), the pricing
 * of the product version each was saved with (to compute a draft's figures), a decided one's
 * decision (an approval with its schedule) and, from the approval on, its contract's status.
 * Raw SQL, the optional parts as JSON: `/main` runs it on every visit, and the query builder's
 * per-column row mapping cost more than the read.
 */
function applicationsWithTerms(userId: SQLWrapper) {
  return sql`select ${aliasedColumns(applicationColumns)},
      case when ${loanOfferSnapshots.id} is null then null else json_build_object(
        'monthlyPayment', ${loanOfferSnapshots.monthlyPayment},
        'effectiveRate', ${loanOfferSnapshots.effectiveRate}) end as "submitted",
      case when ${loanProducts.id} is null then null else json_build_object(
        'nominal_rate', ${loanProducts.nominalRate},
        'origination_fee_percent', ${loanProducts.originationFeePercent},
        'origination_fee_fixed', ${loanProducts.originationFeeFixed},
        'monthly_fee', ${loanProducts.monthlyFee}) end as "pricing",
      (select ${decisionFiguresJson(sql`
          'reasonsEn', ${reasonTexts(rejectionReasons.nameEn)},
          'reasonCodes', ${reasonTexts(rejectionReasons.code)},
          'schedule', coalesce((select ${approvedOffer.schedule}
            from ${loanOfferSnapshots} as ${sql.identifier(approvedOfferName)}
            where ${approvedOffer.applicationId} = ${loanApplications.id}
              and ${approvedOffer.kind} = 'approval'), '[]')`)}
        from ${loanDecisions}
        where ${loanDecisions.applicationId} = ${loanApplications.id}
          -- An approval's final terms are on its confirmation when a second officer gave one.
          and case ${loanApplications.status}
            when 'approved' then ${loanDecisions.kind} in ('approval', 'confirmation')
            when 'rejected' then ${loanDecisions.kind} = 'rejection'
            else false end
        order by ${loanDecisions.id} desc limit 1) as "decision"
    from ${loanApplications}
    join ${loanStatuses} on ${loanStatuses.code} = ${loanApplications.status}
    left join ${loanOfferSnapshots} on ${loanOfferSnapshots.applicationId} = ${loanApplications.id}
      and ${loanOfferSnapshots.kind} = 'submission'
    left join ${loanProducts} on ${loanProducts.id} = ${loanApplications.productId}
    left join ${loanContracts} on ${loanContracts.loanId} = ${loanApplications.id}
    where ${loanApplications.userId} = ${userId}`;
}

const decodeApplication = columnDecoder(applicationColumns);

/**
 * `loans-show`'s read (the signed-in customer's applications with their terms, newest first)
 * done by its sign-in check, in the session's statement.
 */
export const applicationsOfSessionUser = sessionRead<ApplicationWithTerms>(
  'session_loans_of_customer',
  {
    rows: applicationsWithTerms(signedInUserId),
    orderBy: sql`"read"."createdAt" desc, "read"."id" desc`,
    decodeRow: decodeApplication,
  },
);

/** What the loan form offers: its lists in both languages and the current loan products. */
export interface FormOptionsRead {
  branches: BilingualItem[];
  purposes: BilingualItem[];
  products: ProductRow[];
}

/**
 * `GET /api/loans`'s read (one row: the form's lists and the current products, in their order)
 * done by its sign-in check, in the session's statement.
 */
export const formOptionsWithSession = sessionRead<FormOptionsRead>('session_loan_form_options', {
  rows: sql`select ${bilingualListSql(branches)} as "branches",
      ${bilingualListSql(loanPurposes)} as "purposes",
      (select coalesce(json_agg("product" order by "product"."code"), '[]')
        from (${currentProductsSql}) as "product") as "products"`,
  decodeRow: ({ products }) => {
    for (const product of products) decodeProductRow(product);
  },
});

/** A row of `loans-show`: numbers in the JSON parts come out as JSON numbers. */
export interface ApplicationWithTerms extends ApplicationSummary {
  productId: number | null;
  decidedAt: Date;
  /** The binding offer's contract, from the approval on. */
  contractStatus: ContractStatus | null;
  submitted: { monthlyPayment: number; effectiveRate: number } | null;
  pricing: {
    nominal_rate: number;
    origination_fee_percent: number;
    origination_fee_fixed: number;
    monthly_fee: number;
  } | null;
  decision:
    | (DecisionFigures & {
        reasonsEn: string[];
        /** The reasons' codes, in the same order: what the customer may do next. */
        reasonCodes: string[];
        /** The approval snapshot's schedule; empty for a rejection. */
        schedule: ScheduleRow[];
      })
    | null;
}
