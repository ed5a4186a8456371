import {
  openLoanStatuses,
  type BankStatementType,
  type LoanStatusCode,
  type Locale,
  type ScheduleRow,
} from '@sesxi/contract';
import { and, eq, inArray, notInArray, sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { Database } from '#app/db/database.ts';
import { bilingualListSql, maxId, type BilingualItem } from '#app/db/lookups.ts';
import { aliasedColumns, columnDecoder } from '#app/db/prepared.ts';
import {
  branches,
  loanApplications,
  loanDecisions,
  loanOfferSnapshots,
  loanProducts,
  loanPurposes,
  loanStatuses,
  loanStatusHistory,
  loanSubmissions,
  rejectionReasons,
  ssoTransactions,
} from '#app/db/schema.ts';
import {
  currentProductsSql,
  decodeProductRow,
  type ProductRow,
} from '#app/modules/loan-products/index.ts';
import { sessionRead, signedInUserId } from '#app/modules/sessions/index.ts';
import { loanTransitions, type LoanTransition } from './loan-states.ts';

/** What the form sets, in the table's terms. */
export interface LoanDetails {
  amount: number;
  months: number;
  loanPurposeId: number;
  branchId: number | null;
  /** The loan product version whose limits the form was checked against. */
  productId: number;
}

/** A bank statement as stored: the storage key and what the customer sent. */
export interface StoredStatement {
  key: string;
  name: string;
  size: number;
  type: BankStatementType;
}

/** Columns that change together with the status: an edit's new values. */
export type TransitionChanges = LoanDetails & { statement?: StoredStatement };

interface TransitionOptions {
  now: Date;
  actorUserId: number;
  changes?: TransitionChanges;
  /** The credit officer the move gives the application to (taking it into review). */
  assignedOfficerId?: number;
}

function statementColumns(statement: StoredStatement) {
  return {
    bankStatementKey: statement.key,
    bankStatementName: statement.name,
    bankStatementSize: statement.size,
    bankStatementType: statement.type,
  };
}

const applicationColumns = {
  id: loanApplications.id,
  amount: loanApplications.amount,
  months: loanApplications.months,
  productId: loanApplications.productId,
  statusCode: loanApplications.status,
  statusName: loanStatuses.name,
  statusNameEn: loanStatuses.nameEn,
  createdAt: loanApplications.createdAt,
  decidedAt: loanApplications.updatedAt,
};

/** The approval's offer snapshot, beside the submission's that the list joins. */
const approvedOfferName = 'approved_offer';
const approvedOffer = alias(loanOfferSnapshots, approvedOfferName);

const reasonTexts = (column: AnyColumn) =>
  sql`array(select ${column} from ${rejectionReasons}
    where ${rejectionReasons.code} = any(${loanDecisions.reasonCodes})
    order by ${rejectionReasons.sortOrder})`;

/**
 * The applications of the customer `userId`, with what `loans-show` needs in one statement:
 * the status in both languages, the figures stored at submission (null before), the pricing
 * of the product version each was saved with (to compute a draft's figures), and a decided
 * one's decision (an approval with its schedule). Raw SQL,
 * the optional parts as JSON: `/main` runs it on every visit, and the query builder's
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
      (select json_build_object(
          'kind', ${loanDecisions.kind},
          'amount', ${loanDecisions.amount},
          'months', ${loanDecisions.months},
          'monthlyPayment', ${loanDecisions.monthlyPayment},
          'effectiveRate', ${loanDecisions.effectiveRate},
          'reasons', ${reasonTexts(rejectionReasons.name)},
          'reasonsEn', ${reasonTexts(rejectionReasons.nameEn)},
          'schedule', coalesce((select ${approvedOffer.schedule}
            from ${loanOfferSnapshots} as ${sql.identifier(approvedOfferName)}
            where ${approvedOffer.applicationId} = ${loanApplications.id}
              and ${approvedOffer.kind} = 'approval'), '[]'))
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
export interface ApplicationWithTerms {
  id: number;
  amount: number;
  months: number;
  productId: number | null;
  statusCode: LoanStatusCode;
  statusName: string;
  statusNameEn: string;
  createdAt: Date;
  decidedAt: Date;
  submitted: { monthlyPayment: number; effectiveRate: number } | null;
  pricing: {
    nominal_rate: number;
    origination_fee_percent: number;
    origination_fee_fixed: number;
    monthly_fee: number;
  } | null;
  decision: {
    kind: (typeof loanDecisions.kind.enumValues)[number];
    amount: number | null;
    months: number | null;
    monthlyPayment: number | null;
    effectiveRate: number | null;
    reasons: string[];
    reasonsEn: string[];
    /** The approval snapshot's schedule; empty for a rejection. */
    schedule: ScheduleRow[];
  } | null;
}

/** Every query on applications names the owner: another customer's id finds nothing. */
const owned = (id: number, userId: number) =>
  and(eq(loanApplications.id, id), eq(loanApplications.userId, userId));

export function createLoanRepository(db: Database) {
  const withStatus = (locale: Locale) =>
    db
      .select({
        id: loanApplications.id,
        amount: loanApplications.amount,
        months: loanApplications.months,
        loanPurposeId: loanApplications.loanPurposeId,
        branchId: loanApplications.branchId,
        productId: loanApplications.productId,
        statusCode: loanApplications.status,
        statusName: locale === 'en' ? loanStatuses.nameEn : loanStatuses.name,
        bankStatementName: loanApplications.bankStatementName,
        bankStatementSize: loanApplications.bankStatementSize,
        createdAt: loanApplications.createdAt,
      })
      .from(loanApplications)
      .innerJoin(loanStatuses, applicationJoins.status);

  return {
    /** A new draft and its first history row; call inside a transaction. */
    async insertDraft(
      userId: number,
      details: LoanDetails,
      statement: StoredStatement,
      now: Date,
    ): Promise<number> {
      const [row] = await db
        .insert(loanApplications)
        .values({
          userId,
          ...details,
          ...statementColumns(statement),
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: loanApplications.id });
      if (!row) throw new Error('inserting an application returned no row');
      await db.insert(loanStatusHistory).values({
        applicationId: row.id,
        toStatus: 'draft',
        actorUserId: userId,
        reason: 'create',
        createdAt: now,
      });
      return row.id;
    },

    /** The user's application that is neither decided nor cancelled, if any. */
    async openApplicationOf(userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: loanApplications.id })
        .from(loanApplications)
        .where(
          and(
            eq(loanApplications.userId, userId),
            inArray(loanApplications.status, openLoanStatuses),
          ),
        );
      return row?.id;
    },

    /** Locks the user's application for the transaction; answers its status, undefined for none of theirs. */
    async lockOwned(id: number, userId: number): Promise<LoanStatusCode | undefined> {
      if (id > maxId) return undefined;
      const [row] = await db
        .select({ status: loanApplications.status })
        .from(loanApplications)
        .where(owned(id, userId))
        .for('update');
      return row?.status;
    },

    /** Whether a credit officer has approved the application (confirmed or not). */
    async hasApproval(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: loanDecisions.id })
        .from(loanDecisions)
        .where(and(eq(loanDecisions.applicationId, id), eq(loanDecisions.kind, 'approval')))
        .limit(1);
      return row !== undefined;
    },

    /** An application's status, whoever's it is; undefined when there is none. */
    async statusOf(id: number): Promise<LoanStatusCode | undefined> {
      if (id > maxId) return undefined;
      const [row] = await db
        .select({ status: loanApplications.status })
        .from(loanApplications)
        .where(eq(loanApplications.id, id));
      return row?.status;
    },

    /** The user's application with its status named in `locale`; undefined for anyone else's. */
    async findOwned(id: number, userId: number, locale: Locale = 'ka') {
      if (id > maxId) return undefined;
      const [row] = await withStatus(locale).where(owned(id, userId));
      return row;
    },

    /**
     * Moves the application by `name` when its status allows: one conditional UPDATE (the row
     * is locked first, so the status it reports leaving is the one it left) and the history
     * row. `userId` limits the move to that customer's application (a customer's own move);
     * staff moves name none. Answers the status left and the bank statement key it had, or
     * undefined when there is no such application or its state is not one `name` leaves.
     * Call inside a transaction.
     */
    async transition(
      id: number,
      userId: number | undefined,
      name: LoanTransition,
      { now, actorUserId, changes, assignedOfficerId }: TransitionOptions,
    ) {
      const { from, to } = loanTransitions[name];
      const target = userId === undefined ? eq(loanApplications.id, id) : owned(id, userId);
      const current = db.$with('current').as(
        db
          .select({
            id: loanApplications.id,
            status: loanApplications.status,
            bankStatementKey: loanApplications.bankStatementKey,
          })
          .from(loanApplications)
          .where(target)
          .for('update'),
      );
      const { statement, ...details } = changes ?? {};
      const [moved] = await db
        .with(current)
        .update(loanApplications)
        .set({
          ...details,
          ...(statement && statementColumns(statement)),
          ...(assignedOfficerId !== undefined && { assignedOfficerId }),
          status: to,
          updatedAt: now,
        })
        .from(current)
        .where(
          and(eq(loanApplications.id, current.id), target, inArray(loanApplications.status, from)),
        )
        .returning({ from: current.status, bankStatementKey: current.bankStatementKey });
      if (!moved) return undefined;
      await db.insert(loanStatusHistory).values({
        applicationId: id,
        fromStatus: moved.from,
        toStatus: to,
        actorUserId,
        reason: name,
        createdAt: now,
      });
      return moved;
    },

    /** Who submitted an application and on what grounds; call in the submitting transaction. */
    async insertSubmission(submission: typeof loanSubmissions.$inferInsert): Promise<void> {
      await db.insert(loanSubmissions).values(submission);
    },

    /**
     * Whether `userId` submitted application `id`, still past its submission, with the sign-in
     * whose token hashes so.
     */
    async submittedWithSignIn(id: number, userId: number, ssoTokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: loanSubmissions.id })
        .from(loanSubmissions)
        .innerJoin(ssoTransactions, eq(ssoTransactions.id, loanSubmissions.ssoTransactionId))
        .innerJoin(loanApplications, applicationJoins.submission)
        .where(
          and(
            eq(loanSubmissions.applicationId, id),
            notInArray(loanApplications.status, ['draft', 'consented']),
            eq(ssoTransactions.tokenHash, ssoTokenHash),
            eq(ssoTransactions.userId, userId),
            eq(ssoTransactions.loanId, id),
          ),
        );
      return row !== undefined;
    },
  };
}

export type LoanRepository = ReturnType<typeof createLoanRepository>;
