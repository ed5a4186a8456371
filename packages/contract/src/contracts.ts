/**
 * From approval to money (issue 28, decision 022): the binding offer and its contract, the
 * signature with a code bound to the document, the payout, the 14-day withdrawal and the
 * customer's documents. Amounts in lari with two decimals, rates in percent.
 */
import { z } from 'zod';
import { access } from './access.ts';
import { wordingSha256, wordingVersion } from './consent-wordings.ts';
import { defineEndpoint } from './endpoint.ts';
import { recordId, statusOnly, success } from './envelope.ts';
import { calendarDate, georgianIban, personalNumber, timestamp } from './formats.ts';
import { moneyBetween } from './onboarding.ts';
import { scheduleRow } from './offer/index.ts';

/** A contract-signing or withdrawal code: six digits (domain-notes.md), unlike the phone's four. */
export const signingCode = z.string().regex(/^\d{6}$/, { error: 'validation.signingCode' });

/** The monthly payment day the customer chooses: 1–28, so that every month has it. */
export const paymentDay = z
  .number({ error: 'validation.paymentDay' })
  .int({ error: 'validation.paymentDay' })
  .min(1, { error: 'validation.paymentDay' })
  .max(28, { error: 'validation.paymentDay' });

/** What the customer does next with an application from its approval on (/main says it). */
export const nextSteps = ['sign', 'change_account', 'wait_for_payout', 'pay', 'none'] as const;
export type NextStep = (typeof nextSteps)[number];

export const payoutStates = ['pending', 'sending', 'paid', 'refused', 'cancelled'] as const;
export type PayoutState = (typeof payoutStates)[number];

/** The payout of a signed contract: sent (or, with `PAYOUT_MODE=core`, reported) and its answer. */
export const contractPayout = z.object({
  state: z.enum(payoutStates),
  bank_reference: z.string().nullable(),
  paid_at: timestamp.nullable(),
});

export const contractStatuses = ['offered', 'signed', 'expired', 'withdrawn'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** One fee of the contract, as the key-terms sheet lists it. */
export const contractFee = z.object({
  /** `upfront` (deducted from the payout) or `monthly`. */
  kind: z.enum(['upfront', 'monthly']),
  name: z.string(),
  amount: z.number(),
});

/**
 * The contract of an approved application: the offer's terms on the chosen payment day and
 * account, computed on real dates from the expected payout date. `sha256` is the current
 * document's (exactly the bytes `contract.pdf` serves); `iban` is null until given.
 */
export const contract = z.object({
  number: z.string(),
  status: z.enum(contractStatuses),
  amount: z.number(),
  months: z.number().int(),
  payment_day: z.number().int(),
  first_payment_date: calendarDate,
  monthly_payment: z.number(),
  nominal_rate: z.number(),
  effective_rate: z.number(),
  /** Every payment and every fee (the upfront ones too). */
  total_to_repay: z.number(),
  fees: z.array(contractFee),
  schedule: z.array(scheduleRow),
  /** The offer's last day (business date); past it, unsigned, the application expires. */
  valid_until: calendarDate,
  iban: z.string().nullable(),
  sha256: z.string(),
  /** Once signed. */
  signed_at: timestamp.nullable().default(null),
  /** Once signed. */
  payout: contractPayout.nullable().default(null),
  /** Once signed: the last day (business date) the customer may withdraw, 14 days on. */
  withdrawable_until: calendarDate.nullable().default(null),
  /**
   * The agreement to conclude contracts electronically, shown once before the first signature
   * (signing records it with this version); null once the customer has agreed to the current one.
   */
  e_contract_consent: z
    .object({ html: z.string(), version: wordingVersion, sha256: wordingSha256 })
    .nullable()
    .default(null),
});
export type Contract = z.output<typeof contract>;

const loanIdParams = z.object({ id: recordId });

/** `GET /api/loans/{id}/contract`: the contract of an approved (or later) application. */
export const contractShow = defineEndpoint({
  method: 'GET',
  path: '/api/loans/:id/contract',
  access: access.onboarded,
  params: loanIdParams,
  response: success({ contract }),
});

/**
 * `PUT /api/loans/{id}/contract {payment_day, iban}`: recomputed on the new day and account (a
 * new document), or field errors under `payment_day` and `iban`. Before signing, and after a
 * refused payout (the new account then needs a new signature).
 */
export const contractUpdate = defineEndpoint({
  method: 'PUT',
  path: '/api/loans/:id/contract',
  access: access.onboarded,
  params: loanIdParams,
  body: z.object({ payment_day: paymentDay, iban: georgianIban }),
  response: success({ contract }),
});

/** `POST /api/loans/{id}/contract/code`: texts the signing code for the current document. */
export const contractCode = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/contract/code',
  access: access.onboarded,
  params: loanIdParams,
  response: statusOnly,
});

/** `POST /api/loans/{id}/contract/sign {code}`: signs the document the code was sent for. */
export const contractSign = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/contract/sign',
  access: access.onboarded,
  params: loanIdParams,
  body: z.object({ code: signingCode }),
  response: success({ contract }),
});

export const withdrawalStates = ['withdrawn', 'withdrawing'] as const;

/**
 * A withdrawal: before the payout the application is `withdrawn` at once (nothing due); after
 * it the loan is `withdrawing` until the principal and the interest of the days used are paid
 * back by `due_date` (30 days).
 */
export const withdrawal = z.object({
  state: z.enum(withdrawalStates),
  amount_due: z.number(),
  due_date: calendarDate.nullable(),
});

/** `POST /api/loans/{id}/withdrawal/code`: texts the withdrawal code. */
export const withdrawalCode = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/withdrawal/code',
  access: access.onboarded,
  params: loanIdParams,
  response: statusOnly,
});

/** `POST /api/loans/{id}/withdrawal {code}`: within 14 days of signing. */
export const withdrawalConfirm = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/withdrawal',
  access: access.onboarded,
  params: loanIdParams,
  body: z.object({ code: signingCode }),
  response: success({ withdrawal }),
});

export const documentKinds = [
  'key_terms',
  'contract',
  'signed_contract',
  'schedule',
  'decision',
  'consent',
  'receipt',
  'closure',
] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** `GET /api/loans/{id}/contract.pdf`: the current document of the contract (a file route). */
export const contractPdfPath = '/api/loans/:id/contract.pdf';

/** `GET /api/documents/{id}`: one document, for download (a file route; `url` points here). */
export const documentPath = '/api/documents/:id';

/** One of the customer's documents: `url` downloads it (the owner's session, or an officer's). */
export const customerDocument = z.object({
  kind: z.enum(documentKinds),
  title: z.string(),
  created_at: timestamp,
  sha256: z.string(),
  url: z.string(),
  /** The application it belongs to, if any. */
  loan_id: z.number().int().nullable().default(null),
  /** A document a later one replaced (a contract after the IBAN changed). */
  superseded: z.boolean().default(false),
});
export type CustomerDocument = z.output<typeof customerDocument>;

/** `GET /api/documents`: the signed-in customer's documents, newest first. */
export const documentsShow = defineEndpoint({
  method: 'GET',
  path: '/api/documents',
  access: access.customer,
  response: success({ documents: z.array(customerDocument) }),
});

/**
 * `POST /api/loans/{id}/disbursement` (machine API, `PAYOUT_MODE=core`): the core system
 * reports the payout it made. `Idempotency-Key` header required; the same key again answers
 * the first result and changes nothing. 409 in any other payout mode.
 */
export const disbursementReport = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/disbursement',
  access: access.staff('credit_officer'),
  params: loanIdParams,
  body: z.object({
    amount: z.number().positive(),
    paid_at: timestamp,
    bank_reference: z.string().trim().min(1).max(100),
  }),
  response: success({ payout: contractPayout }),
});

/** The evidence kept with a signature (domain-notes.md), as an officer reads it. */
export const signatureEvidence = z.object({
  /** The SHA-256 of the document signed, as it was checked on the stored bytes. */
  document_sha256: z.string(),
  code_id: z.number().int(),
  phone: z.string(),
  /** The personal number single sign-on vouched for. */
  personal_number: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  signed_at: timestamp,
});

/**
 * `GET /api/applications/{id}/contract`: an application's paperwork as its credit officer reads
 * it (logged): its documents (downloads through `url`, logged too), the signatures' evidence
 * (oldest first), the payout, the withdrawal and whether the Identomat check has passed.
 */
export const applicationContract = defineEndpoint({
  method: 'GET',
  path: '/api/applications/:id/contract',
  access: access.staff('credit_officer'),
  params: loanIdParams,
  response: success({
    documents: z.array(customerDocument),
    signatures: z.array(signatureEvidence),
    payout: contractPayout
      .extend({
        /** How many times the bank was asked (under the one idempotency key). */
        attempts: z.number().int(),
        refusal_reason: z.string().nullable(),
      })
      .nullable(),
    withdrawal: withdrawal.extend({ withdrawn_at: timestamp }).nullable(),
    identity_check_passed: z.boolean(),
  }),
});

// ── Servicing (issue 29, decision 023) ────────────────────────────────────────────────

/** The statuses of a loan that has an account: paid out, being repaid or withdrawn from, or closed. */
export const servicedLoanStatuses = ['active', 'withdrawing', 'withdrawn', 'repaid'] as const;

export const instalmentStates = ['paid', 'due', 'overdue', 'future'] as const;
export type InstalmentState = (typeof instalmentStates)[number];

export const loanTransactionKinds = [
  'payout',
  'payment',
  'interest_accrual',
  'penalty',
  'fee',
  'refund',
  'advance_release',
] as const;

/**
 * A loan's account (lari with two decimals): the balance, the next payment, what is late (days
 * past due count from the day after the due date), what the caps on late costs still allow,
 * the schedule with each instalment's state and the ledger. A payment's allocation names the
 * early-repayment fee too, so that its parts add up to its amount.
 */
export const loanAccount = z.object({
  status: z.enum(servicedLoanStatuses),
  principal_outstanding: z.number(),
  next_payment: z.object({ date: calendarDate, amount: z.number() }).nullable(),
  overdue: z.object({
    days: z.number().int(),
    principal: z.number(),
    interest: z.number(),
    penalty: z.number(),
    total: z.number(),
  }),
  late_costs_cap_left: z.number(),
  credit_balance: z.number(),
  schedule: z.array(
    z.object({
      number: z.number().int(),
      date: calendarDate,
      principal: z.number(),
      interest: z.number(),
      total: z.number(),
      paid: z.number(),
      state: z.enum(instalmentStates),
    }),
  ),
  transactions: z.array(
    z.object({
      id: z.number().int(),
      date: calendarDate,
      kind: z.enum(loanTransactionKinds),
      amount: z.number(),
      allocation: z.object({
        penalty: z.number(),
        interest: z.number(),
        principal: z.number(),
        fee: z.number(),
        credit: z.number(),
      }),
      reference: z.string().nullable(),
    }),
  ),
});
export type LoanAccount = z.output<typeof loanAccount>;

/**
 * How to pay by bank transfer: the lender's account and the reference to write in the
 * transfer's purpose (the customer's personal number, as at a terminal).
 */
export const transferDetails = z.object({
  bank_name: z.string(),
  iban: z.string(),
  reference: z.string(),
});
export type TransferDetails = z.output<typeof transferDetails>;

/**
 * `GET /api/loans/{id}/account`: the customer's own loan, once paid out, and how to pay it by
 * transfer (`transfer` null when the lender's account is not configured: the hotline gives it).
 */
export const loanAccountShow = defineEndpoint({
  method: 'GET',
  path: '/api/loans/:id/account',
  access: access.onboarded,
  params: loanIdParams,
  response: success({ account: loanAccount, transfer: transferDetails.nullable() }),
});

/**
 * `GET /api/applications/{id}/account`: a paid-out loan's account as its credit officer reads
 * it, the customer's view of it, read only and logged. 404 before the payout.
 */
export const applicationAccount = defineEndpoint({
  method: 'GET',
  path: '/api/applications/:id/account',
  access: access.staff('credit_officer'),
  params: loanIdParams,
  response: success({ account: loanAccount }),
});

/**
 * `GET /api/loans/{id}/payoff?date=YYYY-MM-DD`: what repays the whole loan as a prepayment made
 * on `date` (the business date or later): the principal, the interest to that day, any
 * penalties and the early-repayment fee by the term left.
 */
export const loanPayoffShow = defineEndpoint({
  method: 'GET',
  path: '/api/loans/:id/payoff',
  access: access.onboarded,
  params: loanIdParams,
  query: z.object({ date: calendarDate }),
  response: success({
    payoff: z.object({
      date: calendarDate,
      principal: z.number(),
      interest: z.number(),
      penalty: z.number(),
      fee: z.number(),
      total: z.number(),
    }),
  }),
});

/**
 * `POST /api/loans/{id}/payments` (machine API): the lender's core system reports a payment it
 * took, posted as an instalment on the business date. `Idempotency-Key` header required; the
 * same key again answers the first result and posts nothing; the same `reference` under another
 * key is the same payment.
 */
export const corePaymentReport = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/payments',
  access: access.staff('credit_officer'),
  params: loanIdParams,
  body: z.object({
    amount: z.number().positive(),
    paid_at: timestamp,
    reference: z.string().trim().min(1).max(100),
  }),
  response: success({
    payment: z.object({ transaction_id: z.number().int(), duplicate: z.boolean() }),
  }),
});

/**
 * `POST /api/loans/{id}/refunds` (machine API): the lender's core system reports that it paid
 * `amount` of the loan's credit (`credit_balance`) back to the customer; more than the credit is
 * 422 under `amount`. Idempotent as the payments route: the same `Idempotency-Key` again answers
 * the first result, with another request 422; the same `reference` is the same refund.
 */
export const coreRefundReport = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/refunds',
  access: access.staff('credit_officer'),
  params: loanIdParams,
  body: corePaymentReport.body,
  response: success({
    refund: z.object({ transaction_id: z.number().int(), duplicate: z.boolean() }),
  }),
});

export const cardPaymentPurposes = ['instalment', 'prepayment'] as const;
export type CardPaymentPurpose = (typeof cardPaymentPurposes)[number];

/**
 * What a prepayment keeps: the instalment (`payment`, the default: the term shortens) or the
 * term (`term`: the instalment falls).
 */
export const prepaymentKeeps = ['term', 'payment'] as const;
export type PrepaymentKeep = (typeof prepaymentKeeps)[number];

/**
 * A card payment's order at the gateway: `created` until the gateway has made it, `pending`
 * while the customer is at the gateway's page, then `paid` (posted once) or `declined`.
 */
export const cardPaymentStates = ['created', 'pending', 'paid', 'declined'] as const;
export type CardPaymentState = (typeof cardPaymentStates)[number];

/**
 * `POST /api/loans/{id}/card-payments {amount, purpose?, keep?}`: an order at the card-payment
 * gateway for `amount` lari (at most two decimals) towards the loan; the browser goes to
 * `redirect_url` and comes back to the loan's page. `purpose` defaults to `instalment`; `keep`
 * only goes with a `prepayment` (default `payment`).
 */
export const cardPaymentCreate = defineEndpoint({
  method: 'POST',
  path: '/api/loans/:id/card-payments',
  access: access.onboarded,
  params: loanIdParams,
  body: z.object({
    amount: moneyBetween(0.01, 500_000),
    purpose: z.enum(cardPaymentPurposes, { error: 'validation.invalid' }).default('instalment'),
    keep: z.enum(prepaymentKeeps, { error: 'validation.invalid' }).optional(),
  }),
  response: success({ redirect_url: z.string() }),
});

/**
 * `POST /api/card-payments/callback`: the card-payment gateway tells of an order (Bank of
 * Georgia's signed callback, the raw JSON body signed with its key in `Callback-Signature`).
 * A bad signature answers 400 and changes nothing; the order's status is fetched again from the
 * gateway before anything is posted.
 */
export const cardPaymentCallback = defineEndpoint({
  method: 'POST',
  path: '/api/card-payments/callback',
  access: access.public,
  response: statusOnly,
});

/**
 * A biller's (a terminal network's, a bank's) question before a payment by personal number:
 * what the person owes now over their active loans, summed, and the next due date; nothing
 * else of the person. No active loan answers 404 under `personal_number`.
 */
export const billingDebt = defineEndpoint({
  method: 'POST',
  path: '/api/billing/debt',
  access: access.biller,
  body: z.object({ personal_number: personalNumber }),
  response: success({
    debt: z.object({
      /** Overdue, and the next instalment: paid, the person is up to date. */
      amount_due: z.number(),
      next_due_date: calendarDate.nullable(),
    }),
  }),
});

/**
 * A payment taken by a biller, posted as an instalment and answered with its receipt, once per
 * biller and `transaction_id`: the same again answers the first receipt, another person or
 * amount under it 409.
 */
export const billingPayment = defineEndpoint({
  method: 'POST',
  path: '/api/billing/payments',
  access: access.biller,
  body: z.object({
    transaction_id: z.string().trim().min(1).max(100),
    personal_number: personalNumber,
    amount: z.number().positive(),
  }),
  response: success({
    receipt: z.object({ id: z.number().int(), duplicate: z.boolean() }),
  }),
});
