import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { paginated, paginationQuery, recordId, statusOnly, success } from './envelope.ts';
import { timestamp } from './formats.ts';
import { verificationCheck } from './identity-checks.ts';
import { decision, loanProductItem, loanStatus } from './loans.ts';
import { affordability, loanOffer } from './offer/index.ts';
import { moneyBetween, questionnaire } from './onboarding.ts';
import { access } from './access.ts';

// ── The credit bureau's report (Creditinfo Georgia) ───────────────────────────────────

/** One loan the bureau knows of: what is paid a month, what is owed, how late. */
export const bureauLoan = z.object({
  lender: z.string(),
  monthly_payment: z.number(),
  outstanding: z.number(),
  overdue_days: z.number().int().min(0),
});

/** The report: existing loans, the number of enquiries, and a score when the bureau gives one. */
export const creditReport = z.object({
  loans: z.array(bureauLoan),
  enquiries: z.number().int().min(0),
  score: z.number().nullable(),
});
export type CreditReport = z.output<typeof creditReport>;

/** Overdue days from which a bureau loan counts against an application. */
export const seriousOverdueDays = 90;

/**
 * The report as an officer sees it: `pending` while the bureau has not answered (it is asked
 * again), `unavailable` when no valid consent let it be asked. A ready report carries the
 * affordability recomputed with the bureau's monthly payments when they exceed the declared.
 */
export const bureauView = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ready'),
    report: creditReport,
    fetched_at: timestamp,
    obligations: z.number(),
    declared_obligations: z.number(),
    affordability,
  }),
  z.object({ state: z.literal('pending'), requested_at: timestamp, attempts: z.number().int() }),
  z.object({ state: z.literal('unavailable'), reason: z.string() }),
]);

// ── Decisions ─────────────────────────────────────────────────────────────────────────

/** A reason for a rejection, from the reference list: its code and the customer's text. */
export const rejectionReason = z.object({ code: z.string(), text: z.string() });

/** `GET /api/rejection-reasons`: the reasons an officer picks from, in the request's language. */
export const rejectionReasons = defineEndpoint({
  method: 'GET',
  path: '/api/rejection-reasons',
  access: access.staff('credit_officer'),
  response: success({ reasons: z.array(rejectionReason) }),
});

/**
 * What the rules say, for the officer to weigh (never applied by itself): `approve` when
 * nothing speaks against, `reject` when something serious does, `review` otherwise, with the
 * reasons for and against in the request's language.
 */
export const recommendation = z.object({
  verdict: z.enum(['approve', 'review', 'reject']),
  for: z.array(z.string()),
  against: z.array(z.string()),
});

// ── The underwriting queue ────────────────────────────────────────────────────────────

const person = z.object({ id: z.number().int(), name: z.string(), surname: z.string() });

/**
 * The statuses the queue filters by: waiting for an officer, in review, or (in review) an
 * approval awaiting a second officer's confirmation (four eyes).
 */
export const queueStatuses = ['submitted', 'under_review', 'awaiting_second_officer'] as const;
export type QueueStatus = (typeof queueStatuses)[number];

/** One application in the queue, oldest submission first. */
export const queueItem = z.object({
  id: z.number().int(),
  status: loanStatus,
  submitted_at: timestamp,
  /** Hours since submission, whole. */
  age_hours: z.number().int(),
  customer: person,
  amount: z.number(),
  months: z.number().int(),
  monthly_payment: z.number(),
  pti: z.number().nullable(),
  bureau: z.object({
    state: z.enum(['ready', 'pending', 'unavailable']),
    /** A bureau loan overdue for `seriousOverdueDays` or more; null until the report is in. */
    serious_overdue: z.boolean().nullable(),
  }),
  /** The latest document check's outcome; null when the customer has none. */
  identity_check_passed: z.boolean().nullable(),
  assigned_officer: person.nullable(),
  /** An approval awaits a second officer's confirmation (four eyes). */
  awaiting_second_officer: z.boolean(),
});
export type QueueItem = z.output<typeof queueItem>;

/** `GET /api/applications?status=&search=&page=&per_page=`: the paginated queue. */
export const applicationQueue = defineEndpoint({
  method: 'GET',
  path: '/api/applications',
  access: access.staff('credit_officer'),
  query: paginationQuery.extend({ status: z.enum(queueStatuses).optional() }),
  response: paginated(queueItem),
});

const applicationIdParams = z.object({
  id: recordId,
});

/** A consent with the wording the customer agreed to. */
export const consentRecord = z.object({
  kind: z.enum(['privacy_policy', 'sda_information', 'credit_information']),
  version: z.number().int(),
  text: z.string(),
  agreed_at: timestamp,
});

/**
 * Another application of the same customer, with its status: a loan with this lender (see
 * `lenderLoanStatuses`) carries the monthly payment approved, which the PTI counts.
 */
export const customerApplication = z.object({
  id: z.number().int(),
  status: loanStatus,
  created_at: timestamp,
  amount: z.number(),
  months: z.number().int(),
  monthly_payment: z.number().nullable(),
});

/** One move of the application: from, to, who, when, why. */
export const historyEntry = z.object({
  from: z.string().nullable(),
  to: z.string(),
  actor: person.nullable(),
  reason: z.string(),
  at: timestamp,
  /** On a take-over (`reason` `take_over`): the officer who held the application before. */
  taken_over_from: person.nullable(),
});

/** `GET /api/applications/{id}`: everything an officer decides on, each read logged. */
export const applicationReview = defineEndpoint({
  method: 'GET',
  path: '/api/applications/:id',
  access: access.staff('credit_officer'),
  params: applicationIdParams,
  response: success({
    application: z.object({
      id: z.number().int(),
      status: loanStatus,
      amount: z.number(),
      months: z.number().int(),
      loan_purpose: z.string(),
      created_at: timestamp,
      submitted_at: timestamp.nullable(),
      assigned_officer: person.nullable(),
      bank_statement: z.object({ file_name: z.string(), size: z.number().int(), type: z.string() }),
    }),
    customer: person.extend({
      phone: z.string(),
      identity_number: z.string(),
      document_number: z.string(),
      is_sda_verified: z.boolean(),
      is_identomat_verified: z.boolean(),
    }),
    /** As it was when the application was submitted. */
    questionnaire: questionnaire.omit({ id: true, updated_at: true }).nullable(),
    /**
     * The offer computed at submission, with its affordability and what the customer's loans
     * with this lender cost a month then (GEL), counted in it (and in the bureau's).
     */
    offer: z.object({ offer: loanOffer, affordability, lender_obligations: z.number() }).nullable(),
    bureau: bureauView,
    identity_checks: z.array(verificationCheck),
    consents: z.array(consentRecord),
    history: z.array(historyEntry),
    /** The customer's other applications and loans, newest first. */
    customer_applications: z.array(customerApplication),
    recommendation,
    /**
     * The decision so far; an approval awaiting the second officer names the first. After four
     * eyes, `officer` and `decided_at` are the first officer's approval, `confirmed_by` and
     * `confirmed_at` the second's confirmation.
     */
    decision: decision
      .extend({
        officer: person,
        confirmed_by: person.nullable(),
        confirmed_at: timestamp.nullable(),
        /** A rejection's note kept inside, for the lender's staff only; null when none. */
        internal_note: z.string().nullable(),
      })
      .nullable(),
    /** Whether the officer reading made the approval that awaits a second officer (four eyes). */
    viewer_is_approver: z.boolean(),
    /**
     * Why the officer reading may not decide the application (their own, or their account has
     * no personal number), in the request's language; null when they may.
     */
    viewer_refusal: z.string().nullable(),
    /**
     * Whether a colleague holds the application under review: the officer reading takes it over
     * (`POST /api/applications/{id}/review {take_over: true}`) before deciding.
     */
    held_by_colleague: z.boolean(),
    /**
     * What an approval's dialog tells before it is sent: the product's pricing, for the offer
     * of the terms typed (`computeOffer`, as the server computes it), and the amount above
     * which the approval awaits a second officer (`APPROVAL_SECOND_OFFICER_FROM`).
     */
    approval: z.object({
      pricing: loanProductItem.pick({
        nominal_rate: true,
        origination_fee_percent: true,
        origination_fee_fixed: true,
        monthly_fee: true,
      }),
      second_officer_from: z.number(),
    }),
  }),
});

/** `GET /api/applications/{id}/bank-statement`: the file, as an attachment of its sniffed type. */
export const applicationBankStatementPath = '/api/applications/:id/bank-statement';

/**
 * `POST /api/applications/{id}/review`: the officer takes the application (→ under review). The
 * officer who holds it decides; another takes it over from them with `take_over: true` (the
 * history records who from whom).
 */
export const applicationTakeReview = defineEndpoint({
  method: 'POST',
  path: '/api/applications/:id/review',
  access: access.staff('credit_officer'),
  params: applicationIdParams,
  // A take without a body (as before `take_over`) reads as `{}`.
  body: z.preprocess((value) => value ?? {}, z.object({ take_over: z.boolean().default(false) })),
  response: statusOnly,
});

/**
 * `POST /api/applications/{id}/approve`: final terms, at most what was asked and inside the
 * product's limits; the server recomputes the offer (never above a 50% effective rate).
 * Above `APPROVAL_SECOND_OFFICER_FROM` the approval awaits a second officer.
 */
export const applicationApprove = defineEndpoint({
  method: 'POST',
  path: '/api/applications/:id/approve',
  access: access.staff('credit_officer'),
  params: applicationIdParams,
  body: z.object({
    amount: moneyBetween(0, 10_000_000),
    months: z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.integer' }),
  }),
  response: success({ decision }),
});

/** `POST /api/applications/{id}/confirm`: a second, different officer confirms an approval. */
export const applicationConfirm = defineEndpoint({
  method: 'POST',
  path: '/api/applications/:id/confirm',
  access: access.staff('credit_officer'),
  params: applicationIdParams,
  response: success({ decision }),
});

/** `POST /api/applications/{id}/reject`: one or more reasons from the list, and a note kept inside. */
export const applicationReject = defineEndpoint({
  method: 'POST',
  path: '/api/applications/:id/reject',
  access: access.staff('credit_officer'),
  params: applicationIdParams,
  body: z.object({
    reason_codes: z
      .array(z.string().min(1).max(64), { error: 'validation.rejectionReason' })
      .min(1, { error: 'validation.rejectionReason' })
      .max(10),
    note: z.string().trim().max(2000).default(''),
  }),
  response: success({ decision }),
});
