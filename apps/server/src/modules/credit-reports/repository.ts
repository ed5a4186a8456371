import type { Affordability, CreditReport, PtiLimits } from '@sesxi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { Database } from '#app/db/database.ts';
import {
  consents,
  creditReports,
  loanApplications,
  loanOfferSnapshots,
  loanSubmissions,
  users,
} from '#app/db/schema.ts';

/** What the offer snapshot of the submission kept of its inputs. */
export interface SubmittedInputs {
  amount: number;
  months: number;
  income: number;
  /** What the customer declared paying other lenders a month. */
  obligations: number;
  /** What their loans with this lender cost a month; absent from snapshots before it counted. */
  lender_obligations?: number;
  pti_limits: PtiLimits;
  /** The payout date the submission's offer was computed for, `YYYY-MM-DD`. */
  payout_date: string;
}

export function createCreditReportRepository(db: Database) {
  return {
    /** The report asked for at submission: pending until the bureau answers. */
    async insertPending(applicationId: number, consentId: number, now: Date): Promise<void> {
      await db
        .insert(creditReports)
        .values({ applicationId, consentId, state: 'pending', requestedAt: now });
    },

    /** Everything a pending report is asked for and judged with; undefined once it is not pending. */
    async pendingRequest(applicationId: number) {
      const [row] = await db
        .select({
          personalNumber: users.identityNumber,
          consentId: consents.id,
          consentAgreedAt: consents.agreedAt,
          productId: loanOfferSnapshots.productId,
          inputs: sql<SubmittedInputs>`${loanOfferSnapshots.inputs}`,
          /** The salary of the questionnaire kept at submission (a JSON number). */
          salary: sql<number | null>`${loanSubmissions.questionnaire} -> 'salary'`,
        })
        .from(creditReports)
        .innerJoin(loanApplications, applicationJoins.creditReport)
        .innerJoin(users, applicationJoins.customer)
        .innerJoin(loanSubmissions, applicationJoins.submission)
        .innerJoin(consents, eq(consents.id, loanSubmissions.creditConsentId))
        .innerJoin(loanOfferSnapshots, applicationJoins.offer('submission'))
        .where(
          and(eq(creditReports.applicationId, applicationId), eq(creditReports.state, 'pending')),
        );
      return row;
    },

    async countAttempt(applicationId: number): Promise<void> {
      await db
        .update(creditReports)
        .set({ attempts: sql`${creditReports.attempts} + 1` })
        .where(eq(creditReports.applicationId, applicationId));
    },

    async markReady(
      applicationId: number,
      ready: {
        report: CreditReport;
        obligations: number;
        declaredObligations: number;
        affordability: Affordability;
        now: Date;
      },
    ): Promise<void> {
      await db
        .update(creditReports)
        .set({
          state: 'ready',
          report: ready.report,
          obligations: ready.obligations,
          declaredObligations: ready.declaredObligations,
          affordability: ready.affordability,
          fetchedAt: ready.now,
          attempts: sql`${creditReports.attempts} + 1`,
        })
        .where(
          and(eq(creditReports.applicationId, applicationId), eq(creditReports.state, 'pending')),
        );
    },

    async markUnavailable(applicationId: number, reason: string): Promise<void> {
      await db
        .update(creditReports)
        .set({ state: 'unavailable', reason })
        .where(
          and(eq(creditReports.applicationId, applicationId), eq(creditReports.state, 'pending')),
        );
    },
  };
}
