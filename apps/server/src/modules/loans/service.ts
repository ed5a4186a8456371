import {
  formatTimestamp,
  type CustomerDecision,
  type Locale,
  type loanEditShow,
  type loanOptions,
  type loansShow,
  type ResponseOf,
  tbilisiDate,
} from '@sesxi/contract';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import { lookupExists, lookupNames, namedIn } from '#app/db/lookups.ts';
import { branches, loanPurposes } from '#app/db/schema.ts';
import { HttpError, httpError, type Message } from '#app/errors.ts';
import { newStorageKey, type FileStorage } from '#app/integrations/storage/file-storage.ts';
import {
  createLoanProductRepository,
  currentProducts,
  defaultOf,
  limitsOf,
  productItem,
  type StoredProduct,
} from '#app/modules/loan-products/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import { applicationSummaryOf, decisionOf } from './application-summary.ts';
import type { BankStatementUpload } from './bank-statements.ts';
import type { LoanForm } from './loan-form.ts';
import { nextStepOf } from './next-step.ts';
import { offerFigures, type OfferFigures } from './offer-figures.ts';
import { createLoanRepository, type LoanDetails, type StoredStatement } from './repository.ts';
import type { ApplicationWithTerms, FormOptionsRead } from './session-reads.ts';
import { moveApplication } from './transitions.ts';

/** The loan form's lists, the default product's limits and the current products. */
function formOptionsOf(
  {
    branches,
    purposes,
    current,
  }: { branches: Named[]; purposes: Named[]; current: StoredProduct[] },
  locale: Locale,
) {
  const chosen = defaultOf(current);
  if (!chosen) throw new Error('there is no default loan product (the seed saves one)');
  return {
    branches,
    purposes,
    limits: limitsOf(chosen),
    products: current.map((product) => productItem(product, locale)),
  };
}

interface Named {
  id: number;
  name: string;
}

/** The lender's decision as the customer reads it, once the application has one. */
function customerDecisionOf(row: ApplicationWithTerms, locale: Locale): CustomerDecision | null {
  const state = row.statusCode;
  if ((state !== 'approved' && state !== 'rejected') || !row.decision) return null;
  const { decision } = row;
  const reasons = locale === 'en' ? decision.reasonsEn : decision.reasons;
  return {
    ...decisionOf(state, decision, reasons, row.decidedAt),
    schedule: decision.schedule,
    reason_codes: decision.reasonCodes,
  };
}

export interface LoanDependencies extends ServiceContext {
  storage: FileStorage;
  enqueueWebhook: EnqueueWebhook;
}

/** A second application while one is open: 409, naming the open one for the form to link. */
function openApplicationError(loanId: number): HttpError {
  return new HttpError(409, 'loan.openExists', {
    params: { id: loanId },
    extra: { loan_id: loanId },
  });
}

/** The states an application leaves when submitted: the lender knows nothing of it yet. */
const unsubmittedStatuses = new Set<string>(['draft', 'consented']);

const oneOpenPerUser = 'loan_applications_one_open_per_user';

/** The longest file name kept with a statement; a longer one is cut. */
const maxFileNameLength = 255;

export function createLoanService({ db, clock, log, storage, enqueueWebhook }: LoanDependencies) {
  const repository = createLoanRepository(db);
  const products = createLoanProductRepository(db);

  async function formOptions(locale: Locale) {
    const [branchList, purposes, current] = await Promise.all([
      lookupNames(db, branches, locale),
      lookupNames(db, loanPurposes, locale),
      products.current(),
    ]);
    return formOptionsOf({ branches: branchList, purposes, current }, locale);
  }

  async function ownedOrNotFound(id: number, userId: number, locale?: Locale) {
    const row = await repository.findOwned(id, userId, locale);
    if (!row) throw httpError(404, 'errors.notFound');
    return row;
  }

  /**
   * The purpose and branch must name rows; a foreign key would otherwise refuse them late. The
   * application records the product version whose limits the form was checked against.
   */
  async function detailsOf(form: LoanForm): Promise<LoanDetails> {
    const problems: Record<string, Message[]> = {};
    if (!(await lookupExists(db, loanPurposes, form.loan_purpose_id))) {
      problems.loan_purpose_id = [{ key: 'validation.lookup' }];
    }
    if (form.branch_id != null && !(await lookupExists(db, branches, form.branch_id))) {
      problems.branch_id = [{ key: 'validation.lookup' }];
    }
    if (Object.keys(problems).length > 0) {
      throw new HttpError(422, 'errors.validation', { fields: problems });
    }
    return {
      amount: form.amount,
      months: form.months,
      loanPurposeId: form.loan_purpose_id,
      branchId: form.branch_id ?? null,
      productId: form.productId,
    };
  }

  /**
   * An application's monthly payment and effective rate: as stored when it was submitted,
   * otherwise computed from the product version it was saved with (the default for one saved
   * before products existed), paid out today.
   */
  async function figuresOf(row: ApplicationWithTerms, today: string): Promise<OfferFigures> {
    if (row.submitted) {
      const { monthlyPayment, effectiveRate } = row.submitted;
      return { monthly_payment: monthlyPayment, effective_rate: effectiveRate };
    }
    return offerFigures(row.pricing ?? (await products.defaultProduct()), row, today);
  }

  /** `loans-show`'s answer for the customer's applications `rows` (`applicationsOfSessionUser`'s). */
  async function listOf(
    rows: ApplicationWithTerms[],
    locale: Locale,
  ): Promise<ResponseOf<typeof loansShow>> {
    const today = tbilisiDate(clock.now());
    return {
      status: 'success',
      loans: await Promise.all(
        rows.map(async (row) => ({
          ...applicationSummaryOf(row, locale),
          ...(await figuresOf(row, today)),
          decision: customerDecisionOf(row, locale),
          next_step: nextStepOf(row.statusCode, row.contractStatus),
        })),
      ),
    };
  }

  /** Stores the statement under a new key; the customer's file name is only kept beside it. */
  async function store(file: BankStatementUpload): Promise<StoredStatement> {
    const key = newStorageKey('bank-statements');
    const { type } = file;
    await storage.put(key, file.bytes, type);
    return {
      key,
      name: file.fileName.slice(0, maxFileNameLength) || 'bank-statement',
      size: file.bytes.length,
      type,
    };
  }

  /** Removes a file no row points at; a failure is logged, never answered. */
  async function discard(key: string) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'a bank statement no application uses could not be removed');
    }
  }

  async function refuseWhileOpen(userId: number) {
    const open = await repository.openApplicationOf(userId);
    if (open !== undefined) throw openApplicationError(open);
  }

  return {
    /** `GET /api/loans`'s answer for what `formOptionsWithSession` read. */
    options(read: FormOptionsRead, locale: Locale): ResponseOf<typeof loanOptions> {
      const options = {
        branches: namedIn(read.branches, locale),
        purposes: namedIn(read.purposes, locale),
        current: currentProducts(read.products),
      };
      return { status: 'success', ...formOptionsOf(options, locale) };
    },

    /**
     * A new draft with its bank statement. At most one open application a customer: checked
     * first, and enforced by a unique index when two requests race.
     */
    async create(userId: number, form: LoanForm & { file: BankStatementUpload }) {
      const details = await detailsOf(form);
      await refuseWhileOpen(userId);
      const statement = await store(form.file);
      try {
        const id = await db.transaction((tx) =>
          createLoanRepository(tx).insertDraft(userId, details, statement, clock.now()),
        );
        log.info({ event: 'loan_created', loanId: id }, 'loan application created');
        return { status: 'success' as const, id };
      } catch (error) {
        await discard(statement.key);
        if (violatedUniqueConstraint(error) !== oneOpenPerUser) throw error;
        await refuseWhileOpen(userId);
        // The application that won the race was cancelled meanwhile.
        throw httpError(409, 'errors.conflict');
      }
    },

    async editShow(
      userId: number,
      id: number,
      locale: Locale,
    ): Promise<ResponseOf<typeof loanEditShow>> {
      const row = await ownedOrNotFound(id, userId, locale);
      return {
        status: 'success',
        ...(await formOptions(locale)),
        loan: {
          id: row.id,
          amount: row.amount,
          months: row.months,
          loan_purpose_id: row.loanPurposeId,
          branch_id: row.branchId,
          loan_status: { code: row.statusCode, name: row.statusName },
          bank_statement: { file_name: row.bankStatementName, size: row.bankStatementSize },
          created_at: formatTimestamp(row.createdAt),
        },
      };
    },

    /**
     * New values, and a new statement when one is sent (else the stored one stays). Only a
     * draft or a consented application; a consented one returns to draft.
     */
    async editSave(userId: number, id: number, form: LoanForm): Promise<void> {
      await ownedOrNotFound(id, userId);
      const details = await detailsOf(form);
      const statement = form.file && (await store(form.file));
      try {
        const moved = await db.transaction((tx) =>
          moveApplication(tx, {
            id,
            userId,
            name: 'edit',
            now: clock.now(),
            changes: { ...details, statement },
          }),
        );
        if (statement) await discard(moved.bankStatementKey);
      } catch (error) {
        if (statement) await discard(statement.key);
        throw error;
      }
    },

    listOf,

    async cancel(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const moved = await moveApplication(tx, { id, userId, name: 'cancel', now: clock.now() });
        // The lender's system heard of the application once it was submitted, not before.
        if (!unsubmittedStatuses.has(moved.from))
          await enqueueWebhook(tx, 'application.cancelled', id);
      });
      log.info({ event: 'loan_cancelled', loanId: id }, 'loan application cancelled');
    },
  };
}
