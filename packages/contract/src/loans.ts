import { z } from 'zod';
import { wordingSha256, wordingVersion } from './consent-wordings.ts';
import { defineEndpoint } from './endpoint.ts';
import { errorBody, recordId, statusOnly, success } from './envelope.ts';
import { timestamp } from './formats.ts';
import { affordability, loanOffer, scheduleRow } from './offer/index.ts';
import { lookupItem, moneyBetween } from './onboarding.ts';
import { access } from './access.ts';
import { nextSteps } from './contracts.ts';

// ── Limits ────────────────────────────────────────────────────────────────────────────

/**
 * What a customer may ask for: the default loan product's limits (the server's database
 * decides; these are the seeded product's).
 */
export const loanLimits = z.object({
  min_amount: z.number(),
  max_amount: z.number(),
  min_months: z.number().int(),
  max_months: z.number().int(),
});
export type LoanLimits = z.output<typeof loanLimits>;

/**
 * Bank statements: at most 10 MB, and only these types, judged by the file's content; each
 * with the extension a downloaded statement is named with.
 */
export const bankStatementMaxBytes = 10 * 1024 * 1024;
export const bankStatementExtensions = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
export type BankStatementType = keyof typeof bankStatementExtensions;
export const bankStatementTypes = Object.keys(bankStatementExtensions) as BankStatementType[];

// ── The application form ──────────────────────────────────────────────────────────────

/**
 * The form's non-file fields, after each multipart field's JSON string has been decoded
 * (`"1500"` → 1500). Built from the limits the server announces, so the form and the
 * server check the same bounds.
 */
export function loanInput(limits: LoanLimits) {
  return z.object({
    amount: moneyBetween(Math.max(0, limits.min_amount), limits.max_amount),
    months: z.coerce
      .number({ error: 'validation.required' })
      .int({ error: 'validation.integer' })
      .min(limits.min_months, { error: 'validation.tooSmall' })
      .max(limits.max_months, { error: 'validation.tooBig' }),
    loan_purpose_id: z.coerce.number({ error: 'validation.required' }).int().positive(),
    branch_id: z.coerce.number().int().positive().nullish(),
  });
}
export type LoanInput = z.input<ReturnType<typeof loanInput>>;
export type LoanValues = z.output<ReturnType<typeof loanInput>>;

/** No bounds: the shape of the form's values alone, for the server to check a product's limits on. */
const anyLimits: LoanLimits = {
  min_amount: Number.NEGATIVE_INFINITY,
  max_amount: Number.POSITIVE_INFINITY,
  min_months: Number.NEGATIVE_INFINITY,
  max_months: Number.POSITIVE_INFINITY,
};

/**
 * The form's values checked for their shape only (a Georgian comma decimal, whole months):
 * the server then checks them against the product's limits, which it reads per request.
 */
export const loanInputShape = loanInput(anyLimits);

// ── Loan products and offers ──────────────────────────────────────────────────────────

/**
 * A current loan product as `GET /api/loans` lists it: its pricing and limits (the fields
 * `computeOffer` and `checkAffordability` take), its `code`, its `version` (every saved
 * pricing is a new version) and its name in the request's language.
 */
export const loanProductItem = z.object({
  id: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  name: z.string(),
  nominal_rate: z.number(),
  origination_fee_percent: z.number(),
  origination_fee_fixed: z.number(),
  monthly_fee: z.number(),
  min_amount: z.number(),
  max_amount: z.number(),
  min_months: z.number().int(),
  max_months: z.number().int(),
  is_default: z.boolean(),
});
export type LoanProductItem = z.output<typeof loanProductItem>;

/**
 * `POST /api/loan-offer`: the offer (schedule, totals, effective rate) and the affordability
 * check for an amount and term under the default product, paid out today (Asia/Tbilisi),
 * with the customer's questionnaire as income and obligations. Called as the customer types;
 * the amount takes a Georgian comma decimal like the form. Amount and term outside the
 * product's limits answer 422 under `amount` / `months`; `loan_purpose_id` may be left out
 * until one is chosen.
 */
/**
 * An offer's affordability with the monthly obligations it counted (GEL) and whether they are
 * an estimate: when the customer left the monthly payments on existing loans empty, a share of
 * the total financial liabilities stands in for them, and the screen says so. The obligations
 * include `lender_obligations`, the monthly payments of the customer's loans with this lender
 * (see `lenderLoanStatuses`).
 */
export const offerAffordability = affordability.extend({
  obligations: z.number(),
  obligations_estimated: z.boolean(),
  lender_obligations: z.number(),
});
export type OfferAffordability = z.output<typeof offerAffordability>;

export const loanOfferQuote = defineEndpoint({
  method: 'POST',
  path: '/api/loan-offer',
  access: access.onboarded,
  body: loanInputShape.pick({ amount: true, months: true, loan_purpose_id: true }).extend({
    loan_purpose_id: loanInputShape.shape.loan_purpose_id.nullish(),
  }),
  response: success({ offer: loanOffer, affordability: offerAffordability }),
});

/** An application's statuses in the order of its usual path; the server's state machine moves it. */
export const loanStatusCodes = [
  'draft',
  'consented',
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'cancelled',
  /** The offer's validity passed unsigned (decision 022). */
  'expired',
  /** The contract is signed; the payout is on its way (or was refused: another account). */
  'signed',
  /** Paid out: a loan being repaid. */
  'active',
  /** Withdrawn after the payout: the customer returns the principal and the days' interest. */
  'withdrawing',
  /** Withdrawn within 14 days of signing. */
  'withdrawn',
  /** Everything repaid (servicing). */
  'repaid',
] as const;

/** Not decided and not cancelled: a customer has at most one such application. */
export const openLoanStatuses = [
  'draft',
  'consented',
  'submitted',
  'under_review',
] as const satisfies readonly (typeof loanStatusCodes)[number][];

/**
 * The customer's loans with this lender: approved (and, once contracts are signed and paid
 * out, signed and active). Their monthly payments count against every new application's
 * payment-to-income, since the credit bureau hears of a loan only after it is paid out.
 */
export const lenderLoanStatuses = [
  'approved',
  'signed',
  'active',
  'withdrawing',
] as const satisfies readonly (typeof loanStatusCodes)[number][];

/** A status as shown: `code` for the app's logic, `name` in the request's language. */
export const loanStatus = z.object({ code: z.enum(loanStatusCodes), name: z.string() });
export type LoanStatusCode = z.output<typeof loanStatus>['code'];

/** The stored bank statement, described (the file itself is never served to customers). */
export const bankStatement = z.object({ file_name: z.string(), size: z.number().int() });

/** One application as its owner edits it. */
export const loan = z.object({
  id: z.number().int(),
  amount: z.number(),
  months: z.number().int(),
  loan_purpose_id: z.number().int(),
  branch_id: z.number().int().nullable(),
  loan_status: loanStatus,
  bank_statement: bankStatement.nullable(),
  created_at: timestamp,
});
export type Loan = z.output<typeof loan>;

const loanFormOptions = {
  branches: z.array(lookupItem),
  purposes: z.array(lookupItem),
  /** The default product's. */
  limits: loanLimits,
  /** The current version of every product, the default among them. */
  products: z.array(loanProductItem),
};

/** `GET /api/loans`: the form's option lists, limits and products. */
export const loanOptions = defineEndpoint({
  method: 'GET',
  path: '/api/loans',
  access: access.onboarded,
  response: success(loanFormOptions),
});

/**
 * `POST /api/loans`: multipart, each non-file field a JSON-encoded string, the bank
 * statement raw under `file`. Creates a draft; at most one open application a customer.
 */
export const loanCreate = defineEndpoint({
  method: 'POST',
  path: '/api/loans',
  access: access.onboarded,
  response: success({ id: z.number().int() }),
});

/**
 * The 409 of `POST /api/loans` while another application is still open: the message names it
 * and `loan_id` lets the form link to it.
 */
export const loanOpenConflict = errorBody.extend({ loan_id: z.number().int() });

const loanIdParams = z.object({ id: recordId });

/** `GET /api/loan-edit/{id}`: the form's options and the application, prefilled. */
export const loanEditShow = defineEndpoint({
  method: 'GET',
  path: '/api/loan-edit/:id',
  access: access.onboarded,
  params: loanIdParams,
  response: success({ ...loanFormOptions, loan }),
});

/**
 * `POST /api/loan-edit/{id}`: multipart as on create; the file is optional (the stored one
 * stays). Only a draft or consented application; a consented one returns to draft.
 */
export const loanEditSave = defineEndpoint({
  method: 'POST',
  path: '/api/loan-edit/:id',
  access: access.onboarded,
  params: loanIdParams,
  response: statusOnly,
});

export const decisionStates = ['approved', 'awaiting_second_officer', 'rejected'] as const;

/**
 * A decision on an application: an approval's final terms with the payment and effective rate
 * (the National Bank asks every offer to state it), or a rejection's reasons, in the request's
 * language. The customer sees `approved` and `rejected` only.
 */
export const decision = z.object({
  state: z.enum(decisionStates),
  amount: z.number().nullable(),
  months: z.number().int().nullable(),
  monthly_payment: z.number().nullable(),
  effective_rate: z.number().nullable(),
  reasons: z.array(z.string()),
  decided_at: timestamp,
});
export type Decision = z.output<typeof decision>;

/**
 * The decision as its customer reads it on /main: an approval with the repayment schedule of
 * its final terms (computed with the day of the approval as payout date; the dates move with
 * the real payout), a rejection with none.
 */
export const customerDecision = decision.extend({
  schedule: z.array(scheduleRow),
  /** A rejection's reason codes (`GET /api/rejection-reasons`), in the order of `reasons`. */
  reason_codes: z.array(z.string()),
});
export type CustomerDecision = z.output<typeof customerDecision>;

/**
 * The rejection reasons that say the monthly payment was too much for the customer's income:
 * a smaller amount or a longer term may fit, which /main suggests.
 */
export const affordabilityReasonCodes: readonly string[] = [
  'income_too_low',
  'too_many_obligations',
];

/** One row of the applications list on /main. */
export const loanListItem = z.object({
  id: z.number().int(),
  created_at: timestamp,
  amount: z.number(),
  months: z.number().int(),
  loan_status: loanStatus,
  /**
   * From the offer stored when the application was submitted; before that, computed from the
   * product version the application was saved with, paid out today.
   */
  monthly_payment: z.number(),
  effective_rate: z.number(),
  /** Ours: the lender's decision once there is one (an approval's terms, a rejection's reasons). */
  decision: customerDecision.nullable().default(null),
  /** From the approval on: what the customer does next (sign, give another account, wait, pay). */
  next_step: z.enum(nextSteps).nullable().default(null),
});
export type LoanListItem = z.output<typeof loanListItem>;

/** `GET /api/loans-show`: the customer's applications, newest first. */
export const loansShow = defineEndpoint({
  method: 'GET',
  path: '/api/loans-show',
  access: access.onboarded,
  response: success({ loans: z.array(loanListItem) }),
});

// ── Credit-bureau consent, identification, cancel ─────────────────────────────────────

/** `GET /api/credit-info/{id}`: the consent wording, paragraphs separated by newlines. */
export const creditInfoShow = defineEndpoint({
  method: 'GET',
  path: '/api/credit-info/:id',
  access: access.onboarded,
  params: loanIdParams,
  /**
   * Ours: `credit_info_html`, the wording as the sanitised HTML its editor published, its
   * version and SHA-256; `agreed_at`, when the consent that still counts for the application
   * was given.
   */
  response: success({
    credit_info_text: z.string(),
    credit_info_html: z.string(),
    credit_info_version: wordingVersion,
    credit_info_sha256: wordingSha256,
    agreed_at: timestamp.nullable(),
  }),
});

/**
 * `POST /api/credit-info/{id}`: the checkbox sends `true` and the time; unchecked, both are
 * empty strings, which answer a `credit_info` field error. Ours: `credit_info_version`, the
 * version shown; when it is no longer the current one, 409 with the message under
 * `credit_info` and nothing recorded. Without it the current wording is agreed to.
 */
export const creditInfoAgree = defineEndpoint({
  method: 'POST',
  path: '/api/credit-info/:id',
  access: access.onboarded,
  params: loanIdParams,
  body: z.object({
    credit_info: z.union([z.literal(true), z.literal('')]).refine((value) => value === true, {
      error: 'validation.consentRequired',
    }),
    agreed_at: z.union([timestamp, z.literal('')]),
    credit_info_version: wordingVersion.optional(),
  }),
  response: statusOnly,
});

/**
 * `POST /api/credit-info/{loanId}/finish`: after single sign-on in loan context; the SSO
 * identity must be this customer's. Submits the application.
 */
export const creditInfoFinish = defineEndpoint({
  method: 'POST',
  path: '/api/credit-info/:id/finish',
  access: access.onboarded,
  params: loanIdParams,
  body: z.object({ sso_token: z.string().min(1).max(200) }),
  response: statusOnly,
});

/** `POST /api/credit-info/{id}/cancel`: cancels an application that is not decided yet. */
export const loanCancel = defineEndpoint({
  method: 'POST',
  path: '/api/credit-info/:id/cancel',
  access: access.onboarded,
  params: loanIdParams,
  response: statusOnly,
});
