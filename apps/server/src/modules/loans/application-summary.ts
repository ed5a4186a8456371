import { formatTimestamp, type Decision, type LoanStatusCode, type Locale } from '@sesxi/contract';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { loanApplications, loanDecisions, loanStatuses, rejectionReasons } from '#app/db/schema.ts';

/*
 * A customer's application as every list of them shows it (the customer's on /main, support's
 * on the user page), and its latest decision's figures: read in SQL by whoever lists them (in
 * their own statement), mapped to the wire here.
 */

/** An application's summary columns, each under its `ApplicationSummary` name. */
export const summaryColumns = {
  id: loanApplications.id,
  amount: loanApplications.amount,
  months: loanApplications.months,
  statusCode: loanApplications.status,
  statusName: loanStatuses.name,
  statusNameEn: loanStatuses.nameEn,
  createdAt: loanApplications.createdAt,
};

/** An application as a list shows it: its status in both languages (joined by `loanStatuses`). */
export interface ApplicationSummary {
  id: number;
  amount: number;
  months: number;
  statusCode: LoanStatusCode;
  statusName: string;
  statusNameEn: string;
  createdAt: Date;
}

/** A decision row's kind and figures, its reasons in the customer's Georgian texts. */
export interface DecisionFigures {
  kind: (typeof loanDecisions.kind.enumValues)[number];
  amount: number | null;
  months: number | null;
  monthlyPayment: number | null;
  effectiveRate: number | null;
  reasons: string[];
}

/** The texts (`column`) of the rejection reasons of the `loanDecisions` row in scope, in order. */
export const reasonTexts = (column: AnyColumn) =>
  sql`array(select ${column} from ${rejectionReasons}
    where ${rejectionReasons.code} = any(${loanDecisions.reasonCodes})
    order by ${rejectionReasons.sortOrder})`;

/**
 * The `loanDecisions` row in scope as a JSON object: its `DecisionFigures` and the keys and
 * values of `more` (numbers come out as JSON numbers). Never the officer's internal note.
 */
export function decisionFiguresJson(more: SQL) {
  return sql`json_build_object(
          'kind', ${loanDecisions.kind},
          'amount', ${loanDecisions.amount},
          'months', ${loanDecisions.months},
          'monthlyPayment', ${loanDecisions.monthlyPayment},
          'effectiveRate', ${loanDecisions.effectiveRate},
          'reasons', ${reasonTexts(rejectionReasons.name)},
          ${more})`;
}

/** The summary on the wire, the status named in `locale`. */
export function applicationSummaryOf(row: ApplicationSummary, locale: Locale) {
  return {
    id: row.id,
    created_at: formatTimestamp(row.createdAt),
    amount: row.amount,
    months: row.months,
    loan_status: {
      code: row.statusCode,
      name: locale === 'en' ? row.statusNameEn : row.statusName,
    },
  };
}

/** A decision on the wire: `state` as the reader is told it, `reasons` in the reader's texts. */
export function decisionOf(
  state: Decision['state'],
  figures: DecisionFigures,
  reasons: string[],
  decidedAt: Date,
): Decision {
  return {
    state,
    amount: figures.amount,
    months: figures.months,
    monthly_payment: figures.monthlyPayment,
    effective_rate: figures.effectiveRate,
    reasons,
    decided_at: formatTimestamp(decidedAt),
  };
}
