import { minimumSearchLength, type Affordability, type CreditReport } from '@sesxi/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { Database } from '#app/db/database.ts';
import { likePatternContaining } from '#app/db/like-pattern.ts';
import {
  creditReports,
  identomatChecks,
  loanApplications,
  loanDecisions,
  loanOfferSnapshots,
  loanStatuses,
  loanSubmissions,
  users,
} from '#app/db/schema.ts';
import { assignedOfficer, customerColumns, officerColumns, officers } from './columns.ts';

export interface QueueRequest {
  statuses: readonly ('submitted' | 'under_review')[];
  /** Only applications whose approval awaits a second officer. */
  awaitingSecondOfficer?: boolean;
  search: string;
  limit: number;
  offset: number;
}

/** An application, a customer's name or personal number: what officers search the queue by. */
function queueSearch(search: string): SQL | undefined {
  if (search === '') return undefined;
  const id = /^\d{1,9}$/.test(search) ? Number(search) : undefined;
  return or(
    search.length >= minimumSearchLength
      ? sql`${users.searchText} like lower(${likePatternContaining(search)})`
      : undefined,
    id === undefined ? undefined : eq(loanApplications.id, id),
  );
}

/** The underwriting queue's reads: the officers' table, a page at a time. */
export function createQueueRepository(db: Database) {
  return {
    /** A page of the queue, oldest submission first, with what the officers' table shows. */
    async queuePage({ statuses, awaitingSecondOfficer, search, limit, offset }: QueueRequest) {
      // Under review an application's only decision can be an approval awaiting confirmation
      // (a rejection or a confirmation moves it on).
      const hasApproval = sql<boolean>`exists (select 1 from ${loanDecisions} where ${loanDecisions.applicationId} = ${loanApplications.id} and ${loanDecisions.kind} = 'approval')`;
      const where = and(
        inArray(loanApplications.status, statuses),
        awaitingSecondOfficer ? hasApproval : undefined,
        queueSearch(search),
      );
      const latestCheck = db
        .select({ outcome: identomatChecks.outcome })
        .from(identomatChecks)
        .where(
          and(
            eq(identomatChecks.userId, loanApplications.userId),
            isNotNull(identomatChecks.completedAt),
          ),
        )
        .orderBy(desc(identomatChecks.createdAt), desc(identomatChecks.id))
        .limit(1)
        .as('latest_check');
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: loanApplications.id,
            status: loanApplications.status,
            statusName: loanStatuses.name,
            statusNameEn: loanStatuses.nameEn,
            amount: loanApplications.amount,
            months: loanApplications.months,
            submittedAt: loanSubmissions.submittedAt,
            customer: customerColumns,
            officer: officerColumns,
            monthlyPayment: loanOfferSnapshots.monthlyPayment,
            pti: loanOfferSnapshots.pti,
            bureauState: creditReports.state,
            bureauReport: sql<CreditReport | null>`${creditReports.report}`,
            bureauAffordability: sql<Affordability | null>`${creditReports.affordability}`,
            checkOutcome: latestCheck.outcome,
            hasApproval,
          })
          .from(loanApplications)
          .innerJoin(users, applicationJoins.customer)
          .innerJoin(loanStatuses, applicationJoins.status)
          .innerJoin(loanSubmissions, applicationJoins.submission)
          .leftJoin(loanOfferSnapshots, applicationJoins.offer('submission'))
          .leftJoin(creditReports, applicationJoins.creditReport)
          .leftJoin(officers, assignedOfficer)
          .leftJoinLateral(latestCheck, sql`true`)
          .where(where)
          .orderBy(asc(loanSubmissions.submittedAt), asc(loanApplications.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(loanApplications)
          .innerJoin(users, applicationJoins.customer)
          .innerJoin(loanSubmissions, applicationJoins.submission)
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
  };
}
