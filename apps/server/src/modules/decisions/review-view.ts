import {
  formatTimestamp,
  lenderLoanStatuses,
  translate,
  type applicationReview,
  type Affordability,
  type CreditReport,
  type Decision,
  type LoanPricing,
  type LoanStatusCode,
  type Locale,
  type Questionnaire,
  type ResponseOf,
} from '@sesxi/contract';
import type { Message } from '#app/errors.ts';
import { verificationCheckOf } from '#app/modules/identity-checks/index.ts';
import { heldByColleague, pendingApproval, type SubmittedApplication } from './context.ts';
import { recommend } from './recommendation.ts';
import type { DecisionRepository, DecisionRow } from './repository.ts';
import { decidingRefusal, type Officer } from './who-decides.ts';

type Review = ResponseOf<typeof applicationReview>;
type Rows<Name extends keyof DecisionRepository> = Awaited<ReturnType<DecisionRepository[Name]>>;

/** Everything the review screen shows, as read from the database. */
export interface ReviewRecords {
  application: SubmittedApplication;
  submitted: Rows<'submissionOffer'>;
  report: Rows<'creditReport'>;
  /** The customer's completed document checks, newest first. */
  checks: Rows<'identityChecks'>;
  consents: Rows<'consents'>;
  history: Rows<'history'>;
  decisions: DecisionRow[];
  /** The customer's other applications. */
  others: Rows<'otherApplications'>;
  /** The rejection reasons of the list (needed only when the last decision is a rejection). */
  reasons: Rows<'reasons'>;
  /** The application's product: an approval's offer is computed with its pricing. */
  product: LoanPricing;
  /** The amount above which an approval awaits a second officer (four eyes). */
  secondOfficerFrom: number;
}

/** The review screen's answer: the application, the customer and what the officer decides on. */
export function reviewView(records: ReviewRecords, officer: Officer, now: Date): Review {
  const { application, submitted, report, checks, decisions } = records;
  const { customer } = application;
  const { locale } = officer;
  const submittedAffordability: Affordability | undefined = submitted && {
    pti: submitted.pti,
    limit: submitted.ptiLimit,
    fits: submitted.fits,
    alternatives: submitted.alternatives,
  };
  const viewerRefusal = decidingRefusal(officer, {
    userId: application.userId,
    personalNumbers: [customer.identityNumber, application.identifiedPersonalNumber],
  });
  return {
    status: 'success',
    application: {
      id: application.id,
      status: {
        code: application.status,
        name: locale === 'en' ? application.statusNameEn : application.statusName,
      },
      amount: application.amount,
      months: application.months,
      loan_purpose: locale === 'en' ? application.purposeEn : application.purpose,
      created_at: formatTimestamp(application.createdAt),
      submitted_at: formatTimestamp(application.submittedAt),
      assigned_officer: application.officer,
      bank_statement: {
        file_name: application.bankStatementName,
        size: application.bankStatementSize,
        type: application.bankStatementType,
      },
    },
    customer: {
      id: customer.id,
      name: customer.name,
      surname: customer.surname,
      phone: customer.phone,
      identity_number: customer.identityNumber ?? '',
      document_number: customer.documentNumber ?? '',
      is_sda_verified: customer.isSdaVerified,
      is_identomat_verified: customer.isIdentomatVerified,
    },
    questionnaire: application.questionnaire && submittedAnswers(application.questionnaire),
    offer:
      submitted && submittedAffordability
        ? {
            offer: {
              monthly_payment: submitted.monthlyPayment,
              total_repayment: submitted.totalRepayment,
              total_cost: submitted.totalCost,
              upfront_fee: submitted.upfrontFee,
              nominal_rate: submitted.nominalRate,
              effective_rate: submitted.effectiveRate,
              schedule: submitted.schedule,
            },
            affordability: submittedAffordability,
            lender_obligations: submitted.inputs.lender_obligations ?? 0,
          }
        : null,
    bureau: bureauView(report, now),
    identity_checks: checks.map((check) =>
      verificationCheckOf(
        {
          name: customer.name,
          surname: customer.surname,
          identityNumber: customer.identityNumber,
          documentNumber: customer.documentNumber,
        },
        check,
      ),
    ),
    consents: records.consents.map((consent) => ({
      kind: consent.kind,
      version: consent.version,
      text: consent.text,
      agreed_at: formatTimestamp(consent.agreedAt),
    })),
    history: records.history.map((entry) => ({
      from: entry.from,
      to: entry.to,
      actor: entry.actor,
      reason: entry.reason,
      at: formatTimestamp(entry.at),
      taken_over_from: entry.previousOfficer,
    })),
    customer_applications: records.others.map((other) => ({
      id: other.id,
      status: {
        code: other.status,
        name: locale === 'en' ? other.statusNameEn : other.statusName,
      },
      created_at: formatTimestamp(other.createdAt),
      amount: other.amount,
      months: other.months,
      monthly_payment: isLenderLoan(other.status) ? other.approvedPayment : null,
    })),
    recommendation: recommendationView(records, submittedAffordability, locale),
    decision: decisionView(decisions, application.status, locale, records.reasons),
    viewer_is_approver:
      pendingApproval(decisions, application.status)?.officer.id === officer.userId,
    viewer_refusal: viewerRefusal ? translate(viewerRefusal, locale) : null,
    approval: {
      pricing: {
        nominal_rate: records.product.nominal_rate,
        origination_fee_percent: records.product.origination_fee_percent,
        origination_fee_fixed: records.product.origination_fee_fixed,
        monthly_fee: records.product.monthly_fee,
      },
      second_officer_from: records.secondOfficerFrom,
    },
    held_by_colleague: heldByColleague(officer, {
      status: application.status,
      assignedOfficerId: application.officer?.id ?? null,
      decisions,
    }),
  };
}

/** The credit bureau's answer: ready, unavailable, or still asked for since `requested_at`. */
function bureauView(report: ReviewRecords['report'], now: Date): Review['bureau'] {
  if (report?.state === 'ready') {
    return {
      state: 'ready',
      report: report.report as CreditReport,
      fetched_at: formatTimestamp(report.fetchedAt ?? report.requestedAt),
      obligations: report.obligations ?? 0,
      declared_obligations: report.declaredObligations ?? 0,
      affordability: report.affordability as Affordability,
    };
  }
  if (report?.state === 'unavailable') return { state: 'unavailable', reason: report.reason ?? '' };
  return {
    state: 'pending',
    requested_at: formatTimestamp(report?.requestedAt ?? now),
    attempts: report?.attempts ?? 0,
  };
}

/** What the rules recommend, with their reasons in the officer's language. */
function recommendationView(
  { application, report, checks }: ReviewRecords,
  submittedAffordability: Affordability | undefined,
  locale: Locale,
): Review['recommendation'] {
  const bureauAffordability =
    report?.state === 'ready' ? (report.affordability as Affordability) : undefined;
  const latestCheck = checks[0];
  const verdict = recommend({
    affordability: bureauAffordability ?? submittedAffordability ?? null,
    bureau:
      report?.state === 'ready'
        ? { state: 'ready', report: report.report as CreditReport }
        : { state: report?.state === 'unavailable' ? 'unavailable' : 'pending' },
    identityCheck: latestCheck
      ? latestCheck.outcome === 'success'
        ? 'passed'
        : 'failed'
      : 'missing',
    sdaVerified: application.customer.isSdaVerified,
  });
  const say = (message: Message) => translate(message.key, locale, message.params);
  return {
    verdict: verdict.verdict,
    for: verdict.for.map(say),
    against: verdict.against.map(say),
  };
}

/**
 * The decision so far as the review screen shows it, never contradicting the status: an
 * approval of an application that is neither approved nor under review (one cancelled before
 * the customer's cancel was refused once approved) shows nothing.
 */
function decisionView(
  decisions: DecisionRow[],
  status: string,
  locale: Locale,
  reasons: ReviewRecords['reasons'],
): Review['decision'] {
  const last = decisions.at(-1);
  if (!last) return null;
  const state: Decision['state'] | undefined =
    last.kind === 'rejection'
      ? 'rejected'
      : status === 'approved'
        ? 'approved'
        : pendingApproval(decisions, status) && 'awaiting_second_officer';
  if (!state) return null;
  const proposal =
    last.kind === 'confirmation' ? decisions.findLast((row) => row.kind === 'approval') : last;
  return {
    state,
    amount: last.amount,
    months: last.months,
    monthly_payment: last.monthlyPayment,
    effective_rate: last.effectiveRate,
    reasons:
      last.kind === 'rejection'
        ? reasons
            .filter((reason) => last.reasonCodes.includes(reason.code))
            .map((reason) => (locale === 'en' ? reason.nameEn : reason.name))
        : [],
    decided_at: formatTimestamp((proposal ?? last).createdAt),
    officer: (proposal ?? last).officer,
    confirmed_by: last.kind === 'confirmation' ? last.officer : null,
    confirmed_at: last.kind === 'confirmation' ? formatTimestamp(last.createdAt) : null,
    internal_note: last.kind === 'rejection' && last.note !== '' ? last.note : null,
  };
}

function isLenderLoan(status: LoanStatusCode): boolean {
  return (lenderLoanStatuses as readonly LoanStatusCode[]).includes(status);
}

/** The questionnaire kept at submission, without its row id and save time. */
function submittedAnswers({ id: _id, updated_at: _updatedAt, ...answers }: Questionnaire) {
  return answers;
}
