import {
  bankStatementExtensions,
  EffectiveRateCapError,
  formatTimestamp,
  lenderLoanStatuses,
  loanInput,
  translate,
  type applicationQueue,
  type applicationReview,
  type Affordability,
  type CreditReport,
  type Decision,
  type LoanStatusCode,
  type Locale,
  type MessageKey,
  type PtiLimits,
  type Questionnaire,
  type ResponseOf,
} from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { fieldError, HttpError, httpError, InvalidFieldsError, type Message } from '#app/errors.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import { createAccessLogRepository, type AccessAction } from '#app/modules/access-log/index.ts';
import { bureauObligations } from '#app/modules/credit-reports/index.ts';
import { verificationCheckOf } from '#app/modules/identity-checks/index.ts';
import {
  quote,
  tbilisiDate,
  createOfferSnapshotRepository,
  lenderObligationsOf,
} from '#app/modules/loan-offers/index.ts';
import { createLoanProductRepository, limitsOf } from '#app/modules/loan-products/index.ts';
import { moveApplicationAsStaff } from '#app/modules/loans/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import { recommend } from './recommendation.ts';
import { createDecisionRepository, type DecisionRow } from './repository.ts';
import { decidingRefusal, type Officer } from './who-decides.ts';

interface DecisionDependencies extends ServiceContext {
  storage: FileStorage;
  texts: SmsQueue;
  productName: string;
  ptiLimits: PtiLimits;
  secondOfficerFrom: number;
  /** Whether a service account may make an approval that waits for a second officer. */
  machineFirstOfficer: boolean;
  announce: EnqueueWebhook;
}

/** How many document checks the review screen shows. */
const checksShown = 10;

interface Terms {
  amount: number;
  months: number;
}

/** The approval still waiting for a second officer: the last decision, when it is an approval. */
function pendingApproval(decisions: DecisionRow[], status: string): DecisionRow | undefined {
  const last = decisions.at(-1);
  return status === 'under_review' && last?.kind === 'approval' ? last : undefined;
}

export function createDecisionService({
  db,
  clock,
  log,
  storage,
  texts,
  productName,
  ptiLimits,
  secondOfficerFrom,
  machineFirstOfficer,
  announce,
}: DecisionDependencies) {
  const repository = createDecisionRepository(db);
  const translated = (locale: Locale) => (message: Message) =>
    translate(message.key, locale, message.params);

  async function logRead(
    officer: Officer,
    action: AccessAction,
    subjects: number[],
    details: object,
  ) {
    log.info(
      { event: 'officer_read', action, subjects: subjects.length },
      'officer read customers’ data',
    );
    await createAccessLogRepository(db).append({
      actorUserId: officer.userId,
      subjectUserIds: subjects,
      action,
      details: { ...details },
      ip: officer.ip,
      at: clock.now(),
    });
  }

  /** 403 for what the officer may not do, logged as a refused access. */
  function refusal(officer: Officer, id: number, key: MessageKey) {
    log.warn(
      { event: 'access_denied', reason: key, loanId: id, officerId: officer.userId },
      'the officer may not decide this',
    );
    return httpError(403, key);
  }

  /**
   * The application's row locked for this transaction (decisions on it take turns), when the
   * officer may decide it: 404 for none, 403 for their own or an officer without a personal
   * number.
   */
  async function lockDecidable(tx: Database, officer: Officer, id: number) {
    const application = await createDecisionRepository(tx).lock(id);
    if (!application) throw httpError(404, 'errors.notFound');
    const refused = decidingRefusal(officer, {
      userId: application.userId,
      personalNumbers: [application.identityNumber, application.identifiedPersonalNumber],
    });
    if (refused) throw refusal(officer, id, refused);
    return application;
  }

  /** A submitted application (officers never see drafts); 404 otherwise. */
  async function applicationOr404(id: number) {
    const application = await repository.application(id);
    const submittedAt = application?.submittedAt;
    if (!application || !submittedAt) throw httpError(404, 'errors.notFound');
    return { ...application, submittedAt };
  }

  /**
   * What an offer for `terms` looks like now: on the submission's income, the larger of the
   * declared and the bureau's obligations, and the customer's loans with this lender as they
   * are now (the bureau does not know them yet).
   */
  async function approvalQuote(
    tx: Database,
    { id, userId, productId }: { id: number; userId: number; productId: number | null },
    terms: Terms,
  ) {
    const decisions = createDecisionRepository(tx);
    const [submitted, report] = await Promise.all([
      decisions.submissionOffer(id),
      decisions.creditReport(id),
    ]);
    const products = createLoanProductRepository(tx);
    const product =
      (productId === null ? undefined : await products.byId(productId)) ??
      (await products.defaultProduct());
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
    const products = createLoanProductRepository(tx);
    const product =
      (application.productId === null ? undefined : await products.byId(application.productId)) ??
      (await products.defaultProduct());
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
   * Makes an approval final: the application moves to approved, the approval's offer is kept
   * like the submission's (recomputed now, never above the 50% cap), the lender hears of it.
   */
  async function finalizeApproval(
    tx: Database,
    officer: Officer,
    application: { id: number; userId: number; productId: number | null; phone: string },
    terms: Terms,
    kind: 'approval' | 'confirmation',
  ) {
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
    await moveApplicationAsStaff(tx, {
      id: application.id,
      officerId: officer.userId,
      name: 'approve',
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
    await announce(tx, 'application.approved', application.id);
    const text = await queueText(tx, application, {
      key: 'sms.approved',
      params: {
        amount: terms.amount,
        months: terms.months,
        payment: offer.monthly_payment,
        rate: offer.effective_rate.toFixed(2).replace('.', ','),
      },
    });
    return { offer, text };
  }

  /** The customer's text about a decision, queued with it (the customer also reads it on /main). */
  function queueText(tx: Database, application: { id: number; phone: string }, message: Message) {
    return texts.queue(tx, {
      phone: application.phone,
      text: translate(message.key, 'ka', {
        product: productName,
        id: application.id,
        ...message.params,
      }),
    });
  }

  function approvedDecision(
    terms: Terms,
    payment: number,
    rate: number,
    state: Decision['state'],
  ): Decision {
    return {
      state,
      ...terms,
      monthly_payment: payment,
      effective_rate: rate,
      reasons: [],
      decided_at: formatTimestamp(clock.now()),
    };
  }

  return {
    async reasons(locale: Locale) {
      const rows = await repository.reasons();
      return rows.map((row) => ({ code: row.code, text: locale === 'en' ? row.nameEn : row.name }));
    },

    /** A page of the queue, logged: the rows name customers. */
    async queue(
      officer: Officer,
      {
        status,
        search,
        page,
        per_page,
      }: { status?: 'submitted' | 'under_review'; search: string; page: number; per_page: number },
    ): Promise<ResponseOf<typeof applicationQueue>> {
      const { rows, total } = await repository.queuePage({
        statuses: status ? [status] : ['submitted', 'under_review'],
        search,
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      await logRead(
        officer,
        'applications.list',
        rows.map((row) => row.customer.id),
        { status, search, page, per_page },
      );
      const now = clock.now().getTime();
      return {
        status: 'success',
        data: rows.map((row) => {
          const report = row.bureauReport;
          return {
            id: row.id,
            status: {
              code: row.status,
              name: officer.locale === 'en' ? row.statusNameEn : row.statusName,
            },
            submitted_at: formatTimestamp(row.submittedAt),
            age_hours: Math.floor((now - row.submittedAt.getTime()) / 3_600_000),
            customer: row.customer,
            amount: row.amount,
            months: row.months,
            monthly_payment: row.monthlyPayment ?? 0,
            pti: row.bureauAffordability?.pti ?? row.pti,
            bureau: {
              state: row.bureauState ?? 'pending',
              serious_overdue: report ? report.loans.some((loan) => loan.overdue_days >= 90) : null,
            },
            identity_check_passed:
              row.checkOutcome === null ? null : row.checkOutcome === 'success',
            assigned_officer: row.officer,
          };
        }),
        current_page: page,
        per_page,
        total,
        last_page: Math.max(1, Math.ceil(total / per_page)),
      };
    },

    /** Everything an officer decides on, logged as a read of the customer's data. */
    async review(officer: Officer, id: number): Promise<ResponseOf<typeof applicationReview>> {
      const application = await applicationOr404(id);
      const { customer } = application;
      const { locale } = officer;
      const [submitted, report, checks, consents, history, decisions, others] = await Promise.all([
        repository.submissionOffer(id),
        repository.creditReport(id),
        repository.identityChecks(application.userId, checksShown),
        repository.consents(application.userId, application.creditConsentId),
        repository.history(id),
        repository.decisions(id),
        repository.otherApplications(application.userId, id),
      ]);
      await logRead(officer, 'applications.show', [customer.id], { application_id: id });
      const submittedAffordability: Affordability | undefined = submitted && {
        pti: submitted.pti,
        limit: submitted.ptiLimit,
        fits: submitted.fits,
        alternatives: submitted.alternatives,
      };
      const bureauAffordability =
        report?.state === 'ready' ? (report.affordability as Affordability) : undefined;
      const bureau: ResponseOf<typeof applicationReview>['bureau'] =
        report?.state === 'ready'
          ? {
              state: 'ready',
              report: report.report as CreditReport,
              fetched_at: formatTimestamp(report.fetchedAt ?? report.requestedAt),
              obligations: report.obligations ?? 0,
              declared_obligations: report.declaredObligations ?? 0,
              affordability: report.affordability as Affordability,
            }
          : report?.state === 'unavailable'
            ? { state: 'unavailable', reason: report.reason ?? '' }
            : {
                state: 'pending',
                requested_at: formatTimestamp(report?.requestedAt ?? clock.now()),
                attempts: report?.attempts ?? 0,
              };
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
        sdaVerified: customer.isSdaVerified,
      });
      const say = translated(locale);
      const viewerRefusal = decidingRefusal(officer, {
        userId: application.userId,
        personalNumbers: [customer.identityNumber, application.identifiedPersonalNumber],
      });
      return {
        status: 'success',
        application: {
          id,
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
        bureau,
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
        consents: consents.map((consent) => ({
          kind: consent.kind,
          version: consent.version,
          text: consent.text,
          agreed_at: formatTimestamp(consent.agreedAt),
        })),
        history: history.map((entry) => ({
          from: entry.from,
          to: entry.to,
          actor: entry.actor,
          reason: entry.reason,
          at: formatTimestamp(entry.at),
        })),
        customer_applications: others.map((other) => ({
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
        recommendation: {
          verdict: verdict.verdict,
          for: verdict.for.map(say),
          against: verdict.against.map(say),
        },
        decision: await decisionView(decisions, application.status, locale),
        viewer_is_approver:
          pendingApproval(decisions, application.status)?.officer.id === officer.userId,
        viewer_refusal: viewerRefusal ? translate(viewerRefusal, locale) : null,
      };
    },

    /**
     * The bank statement, for download; logged like every read of the customer's data. It is
     * named from the application and the type its content showed, never by the customer's file
     * name (`statement.html` would open a PDF+HTML polyglot as a web page).
     */
    async bankStatement(officer: Officer, id: number) {
      const application = await applicationOr404(id);
      const bytes = await storage.read(application.bankStatementKey);
      await logRead(officer, 'applications.bank_statement', [application.customer.id], {
        application_id: id,
      });
      const type = application.bankStatementType;
      return { bytes, type, name: `bank-statement-${id}.${bankStatementExtensions[type]}` };
    },

    /** Takes a submitted application into review, assigned to the officer. */
    async takeReview(officer: Officer, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockDecidable(tx, officer, id);
        await moveApplicationAsStaff(tx, {
          id,
          officerId: officer.userId,
          name: 'startReview',
          now: clock.now(),
          assignedOfficerId: officer.userId,
        });
      });
      log.info(
        { event: 'loan_review_started', loanId: id, officerId: officer.userId },
        'application taken into review',
      );
    },

    /**
     * Approves final terms. Above the four-eyes threshold the approval waits for a second
     * officer; otherwise it is final at once. Two officers acting together take turns on the
     * application's row: the second finds the state moved and gets 409.
     */
    async approve(officer: Officer, id: number, terms: Terms): Promise<Decision> {
      const { decision, text } = await db.transaction(async (tx) => {
        const decisions = createDecisionRepository(tx);
        const application = await lockDecidable(tx, officer, id);
        if (application.status !== 'under_review') throw httpError(409, 'errors.conflict');
        if (pendingApproval(await decisions.decisions(id), application.status))
          throw httpError(409, 'decision.awaitingSecondOfficer');
        await checkTerms(tx, application, terms);
        if (terms.amount > secondOfficerFrom) {
          if (officer.isMachine && !machineFirstOfficer)
            throw refusal(officer, id, 'decision.machineFirstOfficer');
          const computed = await approvalQuote(tx, application, terms);
          const { offer } = computed.quote;
          await decisions.insertDecision({
            applicationId: id,
            kind: 'approval',
            officerId: officer.userId,
            ...terms,
            monthlyPayment: offer.monthly_payment,
            effectiveRate: offer.effective_rate,
            createdAt: clock.now(),
          });
          await announce(tx, 'application.awaiting_second_officer', id);
          return {
            decision: approvedDecision(
              terms,
              offer.monthly_payment,
              offer.effective_rate,
              'awaiting_second_officer',
            ),
            text: undefined,
          };
        }
        const { offer, text } = await finalizeApproval(tx, officer, application, terms, 'approval');
        return {
          decision: approvedDecision(
            terms,
            offer.monthly_payment,
            offer.effective_rate,
            'approved',
          ),
          text,
        };
      });
      log.info(
        { event: 'loan_approval', loanId: id, officerId: officer.userId, state: decision.state },
        'approval recorded',
      );
      if (text !== undefined) await texts.sendNow(text);
      return decision;
    },

    /** A second, different officer confirms a waiting approval, which becomes final. */
    async confirm(officer: Officer, id: number): Promise<Decision> {
      // Four eyes are two people's: a machine's token would make them one.
      if (officer.isMachine) throw refusal(officer, id, 'decision.machineSecondOfficer');
      const { decision, text } = await db.transaction(async (tx) => {
        const decisions = createDecisionRepository(tx);
        const application = await lockDecidable(tx, officer, id);
        const pending = pendingApproval(await decisions.decisions(id), application.status);
        if (!pending || pending.amount === null || pending.months === null) {
          throw httpError(409, 'decision.nothingToConfirm');
        }
        if (pending.officer.id === officer.userId) throw httpError(403, 'decision.sameOfficer');
        const terms = { amount: pending.amount, months: pending.months };
        const { offer, text } = await finalizeApproval(
          tx,
          officer,
          application,
          terms,
          'confirmation',
        );
        return {
          decision: approvedDecision(
            terms,
            offer.monthly_payment,
            offer.effective_rate,
            'approved',
          ),
          text,
        };
      });
      log.info(
        { event: 'loan_approval_confirmed', loanId: id, officerId: officer.userId },
        'approval confirmed',
      );
      await texts.sendNow(text);
      return decision;
    },

    /** Rejects with reasons from the list (the customer reads them) and a note kept inside. */
    async reject(
      officer: Officer,
      id: number,
      { reason_codes, note }: { reason_codes: string[]; note: string },
    ): Promise<Decision> {
      const known = await repository.reasons();
      const chosen = known.filter((reason) => reason_codes.includes(reason.code));
      if (chosen.length !== new Set(reason_codes).size)
        throw fieldError('reason_codes', 'validation.rejectionReason');
      const text = await db.transaction(async (tx) => {
        const decisions = createDecisionRepository(tx);
        const application = await lockDecidable(tx, officer, id);
        if (application.status !== 'under_review') throw httpError(409, 'errors.conflict');
        const now = clock.now();
        await decisions.insertDecision({
          applicationId: id,
          kind: 'rejection',
          officerId: officer.userId,
          reasonCodes: chosen.map((reason) => reason.code),
          note,
          createdAt: now,
        });
        await moveApplicationAsStaff(tx, { id, officerId: officer.userId, name: 'reject', now });
        await announce(tx, 'application.rejected', id);
        return queueText(tx, application, { key: 'sms.rejected' });
      });
      log.info(
        { event: 'loan_rejected', loanId: id, officerId: officer.userId },
        'application rejected',
      );
      await texts.sendNow(text);
      return {
        state: 'rejected',
        amount: null,
        months: null,
        monthly_payment: null,
        effective_rate: null,
        reasons: chosen.map((reason) => (officer.locale === 'en' ? reason.nameEn : reason.name)),
        decided_at: formatTimestamp(clock.now()),
      };
    },
  };

  /**
   * The decision so far as the review screen shows it, never contradicting the status: an
   * approval of an application that is neither approved nor under review (one cancelled before
   * the customer's cancel was refused once approved) shows nothing.
   */
  async function decisionView(decisions: DecisionRow[], status: string, locale: Locale) {
    const last = decisions.at(-1);
    if (!last) return null;
    const state: Decision['state'] | undefined =
      last.kind === 'rejection'
        ? 'rejected'
        : status === 'approved'
          ? 'approved'
          : pendingApproval(decisions, status) && 'awaiting_second_officer';
    if (!state) return null;
    const reasons =
      last.kind === 'rejection'
        ? (await repository.reasons())
            .filter((reason) => last.reasonCodes.includes(reason.code))
            .map((reason) => (locale === 'en' ? reason.nameEn : reason.name))
        : [];
    const proposal =
      last.kind === 'confirmation' ? decisions.findLast((row) => row.kind === 'approval') : last;
    return {
      state,
      amount: last.amount,
      months: last.months,
      monthly_payment: last.monthlyPayment,
      effective_rate: last.effectiveRate,
      reasons,
      decided_at: formatTimestamp(last.createdAt),
      officer: (proposal ?? last).officer,
      confirmed_by: last.kind === 'confirmation' ? last.officer : null,
    };
  }
}

function isLenderLoan(status: LoanStatusCode): boolean {
  return (lenderLoanStatuses as readonly LoanStatusCode[]).includes(status);
}

/** The questionnaire kept at submission, without its row id and save time. */
function submittedAnswers({ id: _id, updated_at: _updatedAt, ...answers }: Questionnaire) {
  return answers;
}
