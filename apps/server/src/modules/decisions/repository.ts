import type { Affordability, consentRecord, LoanOffer, Questionnaire } from '@sesxi/contract';
import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { Database } from '#app/db/database.ts';
import { maxId } from '#app/db/lookups.ts';
import {
  consentTexts,
  consents,
  creditReports,
  identomatChecks,
  loanApplications,
  loanDecisions,
  loanOfferSnapshots,
  loanPurposes,
  loanStatuses,
  loanStatusHistory,
  loanSubmissions,
  rejectionReasons,
  users,
} from '#app/db/schema.ts';
import type { SubmittedInputs } from '#app/modules/credit-reports/index.ts';
import {
  applicationColumns,
  assignedOfficer,
  customerColumns,
  officerColumns,
  officers,
} from './columns.ts';
import { createQueueRepository } from './queue-repository.ts';

export type NewDecision = typeof loanDecisions.$inferInsert;

/** The consents an officer reviews with an application. */
type ReviewedConsentKind = (typeof consentRecord)['shape']['kind']['options'][number];

export function createDecisionRepository(db: Database) {
  return {
    ...createQueueRepository(db),

    /** A submitted application with everything the review screen shows of it, or undefined. */
    async application(id: number) {
      if (id > maxId) return undefined;
      const [row] = await db
        .select({
          ...applicationColumns,
          statusName: loanStatuses.name,
          statusNameEn: loanStatuses.nameEn,
          purpose: loanPurposes.name,
          purposeEn: loanPurposes.nameEn,
          createdAt: loanApplications.createdAt,
          submittedAt: loanSubmissions.submittedAt,
          bankStatementKey: loanApplications.bankStatementKey,
          bankStatementName: loanApplications.bankStatementName,
          bankStatementSize: loanApplications.bankStatementSize,
          bankStatementType: loanApplications.bankStatementType,
          creditConsentId: loanSubmissions.creditConsentId,
          identifiedPersonalNumber: loanSubmissions.identifiedPersonalNumber,
          questionnaire: sql<Questionnaire | null>`${loanSubmissions.questionnaire}`,
          officer: officerColumns,
          customer: {
            ...customerColumns,
            phone: users.phone,
            identityNumber: users.identityNumber,
            documentNumber: users.documentNumber,
            isSdaVerified: users.isSdaVerified,
            isIdentomatVerified: users.isIdentomatVerified,
          },
        })
        .from(loanApplications)
        .innerJoin(users, applicationJoins.customer)
        .innerJoin(loanStatuses, applicationJoins.status)
        .innerJoin(loanPurposes, eq(loanPurposes.id, loanApplications.loanPurposeId))
        .leftJoin(loanSubmissions, applicationJoins.submission)
        .leftJoin(officers, assignedOfficer)
        .where(eq(loanApplications.id, id));
      return row;
    },

    /** The offer the server computed at submission, with its inputs. */
    async submissionOffer(id: number) {
      const [row] = await db
        .select({
          productId: loanOfferSnapshots.productId,
          inputs: sql<SubmittedInputs>`${loanOfferSnapshots.inputs}`,
          monthlyPayment: loanOfferSnapshots.monthlyPayment,
          totalRepayment: loanOfferSnapshots.totalRepayment,
          totalCost: loanOfferSnapshots.totalCost,
          upfrontFee: loanOfferSnapshots.upfrontFee,
          nominalRate: loanOfferSnapshots.nominalRate,
          effectiveRate: loanOfferSnapshots.effectiveRate,
          schedule: sql<LoanOffer['schedule']>`${loanOfferSnapshots.schedule}`,
          pti: loanOfferSnapshots.pti,
          ptiLimit: loanOfferSnapshots.ptiLimit,
          fits: loanOfferSnapshots.fits,
          alternatives: sql<Affordability['alternatives']>`${loanOfferSnapshots.alternatives}`,
        })
        .from(loanOfferSnapshots)
        .where(
          and(eq(loanOfferSnapshots.applicationId, id), eq(loanOfferSnapshots.kind, 'submission')),
        );
      return row;
    },

    async creditReport(id: number) {
      const [row] = await db
        .select()
        .from(creditReports)
        .where(eq(creditReports.applicationId, id));
      return row;
    },

    /** The customer's completed document checks, newest first. */
    identityChecks(userId: number, limit: number) {
      return db
        .select()
        .from(identomatChecks)
        .where(and(eq(identomatChecks.userId, userId), isNotNull(identomatChecks.completedAt)))
        .orderBy(desc(identomatChecks.createdAt), desc(identomatChecks.id))
        .limit(limit);
    },

    /**
     * The consents behind the application with the wording agreed: the customer's privacy
     * policy and personal-data check, and the credit consent the submission used.
     */
    consents(userId: number, creditConsentId: number | null) {
      return db
        .select({
          // Only the kinds the filter below admits (not the e-contract agreement).
          kind: sql<ReviewedConsentKind>`${consents.kind}`,
          version: consentTexts.version,
          text: consentTexts.body,
          agreedAt: consents.agreedAt,
        })
        .from(consents)
        .innerJoin(consentTexts, eq(consentTexts.id, consents.consentTextId))
        .where(
          and(
            eq(consents.userId, userId),
            or(
              inArray(consents.kind, ['privacy_policy', 'sda_information']),
              creditConsentId === null ? sql`false` : eq(consents.id, creditConsentId),
            ),
          ),
        )
        .orderBy(asc(consents.agreedAt), asc(consents.id));
    },

    /**
     * The customer's other applications, newest first, with the monthly payment approved for
     * those an officer approved.
     */
    otherApplications(userId: number, exceptId: number) {
      return db
        .select({
          id: loanApplications.id,
          status: loanApplications.status,
          statusName: loanStatuses.name,
          statusNameEn: loanStatuses.nameEn,
          createdAt: loanApplications.createdAt,
          amount: loanApplications.amount,
          months: loanApplications.months,
          approvedPayment: loanOfferSnapshots.monthlyPayment,
        })
        .from(loanApplications)
        .innerJoin(loanStatuses, applicationJoins.status)
        .leftJoin(loanOfferSnapshots, applicationJoins.offer('approval'))
        .where(and(eq(loanApplications.userId, userId), ne(loanApplications.id, exceptId)))
        .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id));
    },

    history(id: number) {
      return db
        .select({
          from: loanStatusHistory.fromStatus,
          to: loanStatusHistory.toStatus,
          reason: loanStatusHistory.reason,
          at: loanStatusHistory.createdAt,
          actor: customerColumns,
          previousOfficer: officerColumns,
        })
        .from(loanStatusHistory)
        .leftJoin(users, eq(users.id, loanStatusHistory.actorUserId))
        .leftJoin(officers, eq(officers.id, loanStatusHistory.previousOfficerId))
        .where(eq(loanStatusHistory.applicationId, id))
        .orderBy(asc(loanStatusHistory.createdAt), asc(loanStatusHistory.id));
    },

    /** The application's decisions, oldest first, with each officer. */
    decisions(id: number) {
      return db
        .select({
          id: loanDecisions.id,
          kind: loanDecisions.kind,
          amount: loanDecisions.amount,
          months: loanDecisions.months,
          monthlyPayment: loanDecisions.monthlyPayment,
          effectiveRate: loanDecisions.effectiveRate,
          reasonCodes: loanDecisions.reasonCodes,
          note: loanDecisions.note,
          createdAt: loanDecisions.createdAt,
          officer: customerColumns,
        })
        .from(loanDecisions)
        .innerJoin(users, eq(users.id, loanDecisions.officerId))
        .where(eq(loanDecisions.applicationId, id))
        .orderBy(asc(loanDecisions.id));
    },

    /** The application's row locked for this transaction: decisions on it take turns. */
    async lock(id: number) {
      if (id > maxId) return undefined;
      const [row] = await db
        .select({
          ...applicationColumns,
          assignedOfficerId: loanApplications.assignedOfficerId,
          phone: users.phone,
          identityNumber: users.identityNumber,
          identifiedPersonalNumber: loanSubmissions.identifiedPersonalNumber,
        })
        .from(loanApplications)
        .innerJoin(users, applicationJoins.customer)
        .leftJoin(loanSubmissions, applicationJoins.submission)
        .where(eq(loanApplications.id, id))
        .for('update', { of: loanApplications });
      return row;
    },

    /**
     * Hands an application under review to `officerId`, taken over from the officer who held it;
     * the status history records who from whom. Call with the application's row locked.
     */
    async takeOver(id: number, officerId: number, previousOfficerId: number | null, now: Date) {
      await db
        .update(loanApplications)
        .set({ assignedOfficerId: officerId, updatedAt: now })
        .where(eq(loanApplications.id, id));
      await db.insert(loanStatusHistory).values({
        applicationId: id,
        fromStatus: 'under_review',
        toStatus: 'under_review',
        actorUserId: officerId,
        reason: 'take_over',
        previousOfficerId,
        createdAt: now,
      });
    },

    /**
     * The history row of an approval that awaits a second officer: the status stays under
     * review, the first officer's step is kept with its time.
     */
    async recordFirstApproval(id: number, officerId: number, now: Date) {
      await db.insert(loanStatusHistory).values({
        applicationId: id,
        fromStatus: 'under_review',
        toStatus: 'under_review',
        actorUserId: officerId,
        reason: 'first_approval',
        createdAt: now,
      });
    },

    async insertDecision(decision: NewDecision): Promise<void> {
      await db.insert(loanDecisions).values(decision);
    },

    /** The reasons of the reference list, in their order. */
    reasons() {
      return db
        .select({
          code: rejectionReasons.code,
          name: rejectionReasons.name,
          nameEn: rejectionReasons.nameEn,
        })
        .from(rejectionReasons)
        .orderBy(asc(rejectionReasons.sortOrder), asc(rejectionReasons.id));
    },
  };
}

export type DecisionRepository = ReturnType<typeof createDecisionRepository>;
export type DecisionRow = Awaited<ReturnType<DecisionRepository['decisions']>>[number];
