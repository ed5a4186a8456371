import type { Locale } from '@sesxi/contract';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { maxId } from '#app/db/lookups.ts';
import {
  consents,
  loanApplications,
  loanStatuses,
  loanStatusHistory,
  type ConsentKind,
} from '#app/db/schema.ts';
import { loanTransitions, openLoanStatuses, type LoanTransition } from './loan-states.ts';

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
  type: string;
}

/** Columns that change together with the status: an edit's new values. */
export type TransitionChanges = LoanDetails & { statement?: StoredStatement };

interface TransitionOptions {
  now: Date;
  actorUserId: number;
  changes?: TransitionChanges;
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
      .innerJoin(loanStatuses, eq(loanStatuses.code, loanApplications.status));

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

    /** The user's application with its status named in `locale`; undefined for anyone else's. */
    async findOwned(id: number, userId: number, locale: Locale = 'ka') {
      if (id > maxId) return undefined;
      const [row] = await withStatus(locale).where(owned(id, userId));
      return row;
    },

    listOwned(userId: number, locale: Locale) {
      return withStatus(locale)
        .where(eq(loanApplications.userId, userId))
        .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id));
    },

    /**
     * Moves the user's application by `name` when its status allows: one conditional UPDATE
     * (the row is locked first, so the status it reports leaving is the one it left) and the
     * history row. Answers the status left and the bank statement key it had, or undefined
     * when the application is not the user's or not in a state `name` leaves. Call inside a
     * transaction.
     */
    async transition(
      id: number,
      userId: number,
      name: LoanTransition,
      { now, actorUserId, changes }: TransitionOptions,
    ) {
      const { from, to } = loanTransitions[name];
      const current = db.$with('current').as(
        db
          .select({
            id: loanApplications.id,
            status: loanApplications.status,
            bankStatementKey: loanApplications.bankStatementKey,
          })
          .from(loanApplications)
          .where(owned(id, userId))
          .for('update'),
      );
      const { statement, ...details } = changes ?? {};
      const [moved] = await db
        .with(current)
        .update(loanApplications)
        .set({
          ...details,
          ...(statement && statementColumns(statement)),
          status: to,
          updatedAt: now,
        })
        .from(current)
        .where(
          and(
            eq(loanApplications.id, current.id),
            eq(loanApplications.userId, userId),
            inArray(loanApplications.status, from),
          ),
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

    /** When the user last agreed to `kind`, from the consent ledger. */
    async lastConsentAt(userId: number, kind: ConsentKind): Promise<Date | undefined> {
      const [row] = await db
        .select({ agreedAt: max(consents.agreedAt) })
        .from(consents)
        .where(and(eq(consents.userId, userId), eq(consents.kind, kind)));
      return row?.agreedAt ?? undefined;
    },
  };
}

export type LoanRepository = ReturnType<typeof createLoanRepository>;
