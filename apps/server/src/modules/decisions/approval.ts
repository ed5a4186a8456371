import {
  EffectiveRateCapError,
  formatTimestamp,
  loanInput,
  tbilisiDate,
  type CreditReport,
  type Decision,
  type LoanPricing,
} from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { fieldError, HttpError, httpError, InvalidFieldsError, type Message } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import { bureauObligations } from '#app/modules/credit-reports/index.ts';
import { quote } from '#app/modules/loan-offers/index.ts';
import {
  createOfferSnapshotRepository,
  lenderObligationsOf,
} from '#app/modules/loan-offers/index.ts';
import { issueOffer, recordDecisionLetter } from '#app/modules/contracts/index.ts';
import { createLoanProductRepository, limitsOf } from '#app/modules/loan-products/index.ts';
import { moveApplicationAsStaff } from '#app/modules/loans/index.ts';
import { pendingApproval, type DecisionContext, type Terms } from './context.ts';
import { createDecisionRepository } from './repository.ts';
import type { Officer } from './who-decides.ts';

/** An approval's answer: final, or waiting for a second officer. */
type ApprovedDecision = Decision & { state: 'approved' | 'awaiting_second_officer' };

interface Approvable {
  id: number;
  userId: number;
  productId: number | null;
  phone: string;
}

/** The application's product, or the default one for an application made before products. */
export async function productOf(tx: Database, productId: number | null) {
  const products = createLoanProductRepository(tx);
  return (
    (productId === null ? undefined : await products.byId(productId)) ??
    (await products.defaultProduct())
  );
}

/**
 * Approvals: below the four-eyes threshold final at once; above it, waiting for a second,
 * different officer whose confirmation makes it final.
 */
export function createApproval({
  db,
  clock,
  log,
  sms,
  storage,
  productName,
  offerValidDays,
  businessDate,
  ptiLimits,
  secondOfficerFrom,
  machineFirstOfficer,
  enqueueWebhook,
  refusal,
  lockDecidable,
  refuseUnlessHolder,
  queueText,
}: DecisionContext) {
  /**
   * What an offer for `terms` looks like now: on the submission's income, the larger of the
   * declared and the bureau's obligations, and the customer's loans with this lender as they
   * are now (the bureau does not know them yet).
   */
  async function approvalQuote(tx: Database, { id, userId, productId }: Approvable, terms: Terms) {
    const decisions = createDecisionRepository(tx);
    const [submitted, report] = await Promise.all([
      decisions.submissionOffer(id),
      decisions.creditReport(id),
    ]);
    const product = await productOf(tx, productId);
    const declared = submitted?.inputs.obligations ?? 0;
    const bureau = report?.report ? bureauObligations(report.report as CreditReport) : 0;
    const inputs = {
      ...terms,
      income: submitted?.inputs.income ?? 0,
      obligations: Math.max(declared, bureau),
      obligations_estimated: false,
      lender_obligations: await lenderObligationsOf(tx, userId),
      pti_limits: submitted?.inputs.pti_limits ?? ptiLimits,
      payout_date: tbilisiDate(clock.now()),
    };
    try {
      return { product, inputs, quote: quote(product, inputs) };
    } catch (error) {
      if (error instanceof EffectiveRateCapError)
        throw fieldError('amount', 'decision.rateOverCap');
      throw error;
    }
  }

  /** The terms an officer may approve: within the product's limits and never more than asked. */
  async function checkTerms(
    tx: Database,
    application: Terms & { productId: number | null },
    terms: Terms,
  ) {
    const product = await productOf(tx, application.productId);
    const bounded = loanInput(limitsOf(product))
      .pick({ amount: true, months: true })
      .safeParse(terms);
    if (!bounded.success) throw new InvalidFieldsError(bounded.error.issues);
    const fields: Record<string, Message[]> = {};
    if (terms.amount > application.amount) {
      fields.amount = [
        { key: 'decision.amountOverAsked', params: { maximum: application.amount } },
      ];
    }
    if (terms.months > application.months) {
      fields.months = [
        { key: 'decision.monthsOverAsked', params: { maximum: application.months } },
      ];
    }
    if (Object.keys(fields).length > 0) throw new HttpError(422, 'errors.validation', { fields });
  }

  /**
   * The binding offer of a final approval: its contract and first documents, on the business
   * date, never above the 50% cap.
   */
  async function bindingOffer(
    tx: Database,
    application: Approvable,
    terms: Terms,
    pricing: LoanPricing,
  ) {
    try {
      await issueOffer(
        tx,
        { loanId: application.id, userId: application.userId, ...terms, pricing },
        {
          storage,
          lender: productName,
          today: await businessDate(tx),
          validDays: offerValidDays,
          now: clock.now(),
        },
      );
    } catch (error) {
      if (error instanceof EffectiveRateCapError)
        throw fieldError('amount', 'decision.rateOverCap');
      throw error;
    }
  }

  /**
   * Records an approval (or the confirmation of one) with its offer computed now, never above
   * the 50% cap. One waiting for a second officer only tells the lender so. A final one moves
   * the application to approved, keeps the offer like the submission's, makes the binding offer
   * (the contract), tells the lender, and queues the customer's text (answered, to send once
   * the transaction is in) and the decision letter.
   */
  async function recordApproval(
    tx: Database,
    officer: Officer,
    application: Approvable,
    terms: Terms,
    kind: 'approval' | 'confirmation',
    state: 'approved' | 'awaiting_second_officer',
  ): Promise<{ decision: ApprovedDecision; text: number | undefined }> {
    const now = clock.now();
    const computed = await approvalQuote(tx, application, terms);
    const { offer } = computed.quote;
    await createDecisionRepository(tx).insertDecision({
      applicationId: application.id,
      kind,
      officerId: officer.userId,
      ...terms,
      monthlyPayment: offer.monthly_payment,
      effectiveRate: offer.effective_rate,
      createdAt: now,
    });
    const decision: ApprovedDecision = {
      state,
      ...terms,
      monthly_payment: offer.monthly_payment,
      effective_rate: offer.effective_rate,
      reasons: [],
      decided_at: formatTimestamp(clock.now()),
    };
    if (state === 'awaiting_second_officer') {
      await createDecisionRepository(tx).recordFirstApproval(application.id, officer.userId, now);
      await enqueueWebhook(tx, 'application.awaiting_second_officer', application.id);
      return { decision, text: undefined };
    }
    await moveApplicationAsStaff(tx, {
      id: application.id,
      officerId: officer.userId,
      name: kind === 'confirmation' ? 'confirm' : 'approve',
      now,
    });
    await createOfferSnapshotRepository(tx).insert(
      application.id,
      computed.product.id,
      computed.inputs,
      computed.quote,
      now,
      'approval',
    );
    await bindingOffer(tx, application, terms, computed.product);
    await recordDecisionLetter(tx, storage, {
      loanId: application.id,
      userId: application.userId,
      lender: productName,
      decidedAt: now,
      outcome: {
        kind: 'approval',
        ...terms,
        monthlyPayment: offer.monthly_payment,
        effectiveRate: offer.effective_rate,
      },
    });
    await enqueueWebhook(tx, 'application.approved', application.id);
    const text = await queueText(tx, application, {
      key: 'sms.approved',
      params: {
        amount: terms.amount,
        months: terms.months,
        payment: offer.monthly_payment,
        rate: offer.effective_rate.toFixed(2).replace('.', ','),
      },
    });
    return { decision, text };
  }

  return {
    /**
     * Approves final terms. Above the four-eyes threshold the approval waits for a second
     * officer; otherwise it is final at once. Two officers acting together take turns on the
     * application's row: the second finds the state moved and gets 409.
     */
    async approve(officer: Officer, id: number, terms: Terms): Promise<Decision> {
      const { decision, text } = await db.transaction(async (tx) => {
        const application = await lockDecidable(tx, officer, id);
        if (application.status !== 'under_review') throw httpError(409, 'errors.conflict');
        if (pendingApproval(application.decisions, application.status))
          throw httpError(409, 'decision.awaitingSecondOfficer');
        refuseUnlessHolder(officer, application);
        await checkTerms(tx, application, terms);
        const waits = terms.amount > secondOfficerFrom;
        if (waits && officer.isMachine && !machineFirstOfficer)
          throw refusal(officer, id, 'decision.machineFirstOfficer');
        return recordApproval(
          tx,
          officer,
          application,
          terms,
          'approval',
          waits ? 'awaiting_second_officer' : 'approved',
        );
      });
      recordEvent(
        log,
        'loan_approval',
        { loanId: id, officerId: officer.userId, state: decision.state },
        'approval recorded',
      );
      if (text !== undefined) await sms.sendNow(text);
      return decision;
    },

    /** A second, different officer confirms a waiting approval, which becomes final. */
    async confirm(officer: Officer, id: number): Promise<Decision> {
      // Four eyes are two people's: a machine's token would make them one.
      if (officer.isMachine) throw refusal(officer, id, 'decision.machineSecondOfficer');
      const { decision, text } = await db.transaction(async (tx) => {
        const application = await lockDecidable(tx, officer, id);
        const pending = pendingApproval(application.decisions, application.status);
        if (!pending || pending.amount === null || pending.months === null) {
          throw httpError(409, 'decision.nothingToConfirm');
        }
        if (pending.officer.id === officer.userId) throw httpError(403, 'decision.sameOfficer');
        refuseUnlessHolder(officer, application);
        const terms = { amount: pending.amount, months: pending.months };
        return recordApproval(tx, officer, application, terms, 'confirmation', 'approved');
      });
      recordEvent(
        log,
        'loan_approval_confirmed',
        { loanId: id, officerId: officer.userId },
        'approval confirmed',
      );
      if (text !== undefined) await sms.sendNow(text);
      return decision;
    },
  };
}
