import {
  openLoanStatuses,
  type BankStatementType,
  type LoanStatusCode,
  type Locale,
} from '@sesxi/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { Database } from '#app/db/database.ts';
import { maxId } from '#app/db/lookups.ts';
import {
  loanApplications,
  loanDecisions,
  loanStatuses,
  loanStatusHistory,
  loanSubmissions,
  ssoTransactions,
} from '#app/db/schema.ts';
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
  /** Null for a move the lender's own rules make (close of day). */
  actorUserId: number | null;
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
