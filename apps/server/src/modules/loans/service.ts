import {
  computeOffer,
  formatTimestamp,
  type Locale,
  type loanEditShow,
  type loanOptions,
  type loansShow,
  type ResponseOf,
} from '@sesxi/contract';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import { lookupExists, lookupNames } from '#app/db/lookups.ts';
import { branches, loanPurposes } from '#app/db/schema.ts';
import { HttpError, httpError, type Message } from '#app/errors.ts';
import { newStorageKey, type FileStorage } from '#app/integrations/storage/file-storage.ts';
import { tbilisiDate } from '../loan-offers/quote.ts';
import { createOfferSnapshotRepository } from '../loan-offers/repository.ts';
import {
  createLoanProductRepository,
  defaultOf,
  limitsOf,
  productItem,
  type StoredProduct,
} from '../loan-products/repository.ts';
import type { ServiceContext } from '../service-context.ts';
import type { BankStatementUpload } from './bank-statements.ts';
import type { LoanForm } from './loan-form.ts';
import { createLoanRepository, type LoanDetails, type StoredStatement } from './repository.ts';
import { moveApplication } from './transitions.ts';

export interface LoanDependencies extends ServiceContext {
  storage: FileStorage;
}

/** What an application's offer is computed from. */
interface ApplicationTerms {
  id: number;
  amount: number;
  months: number;
  productId: number | null;
}

/** A second application while one is open; the route answers 409 naming the open one. */
export class OpenApplicationError extends Error {
  readonly loanId: number;

  constructor(loanId: number) {
    super(`application ${loanId} is still open`);
    this.name = 'OpenApplicationError';
    this.loanId = loanId;
  }
}

const oneOpenPerUser = 'loan_applications_one_open_per_user';

/** The longest file name kept with a statement; a longer one is cut. */
const maxFileNameLength = 255;

export function createLoanService({ db, clock, log, storage }: LoanDependencies) {
  const repository = createLoanRepository(db);
  const products = createLoanProductRepository(db);

  async function formOptions(locale: Locale) {
    const [branchList, purposes, current] = await Promise.all([
      lookupNames(db, branches, locale),
      lookupNames(db, loanPurposes, locale),
      products.current(),
    ]);
    const chosen = defaultOf(current) ?? (await products.defaultProduct());
    return {
      branches: branchList,
      purposes,
      limits: limitsOf(chosen),
      products: current.map((product) => productItem(product, locale)),
    };
  }

  async function ownedOrNotFound(id: number, userId: number, locale?: Locale) {
    const row = await repository.findOwned(id, userId, locale);
    if (!row) throw httpError(404, 'errors.notFound');
    return row;
  }

  /**
   * The purpose and branch must name rows; a foreign key would otherwise refuse them late. The
   * application records the version of the default product, whose limits the form was checked
   * against.
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
      productId: (await products.defaultProduct()).id,
    };
  }

  /**
   * Each application with its monthly payment and effective rate: as stored when it was
   * submitted, otherwise computed now from the product version it was saved with (the default
   * for one saved before products existed), paid out today.
   */
  async function withOfferFigures<Row extends ApplicationTerms>(rows: Row[]) {
    const snapshots = await createOfferSnapshotRepository(db).summaries(rows.map((row) => row.id));
    const stored = new Map(snapshots.map((snapshot) => [snapshot.applicationId, snapshot]));
    const versions = new Map<number | null, Promise<StoredProduct>>();
    const productOf = (id: number | null) => {
      let product = versions.get(id);
      if (!product) {
        product = (async () =>
          (id === null ? undefined : await products.byId(id)) ?? products.defaultProduct())();
        versions.set(id, product);
      }
      return product;
    };
    const today = tbilisiDate(clock.now());
    return Promise.all(
      rows.map(async (row) => {
        const snapshot = stored.get(row.id);
        if (snapshot) {
          const { monthlyPayment, effectiveRate } = snapshot;
          return { row, monthly_payment: monthlyPayment, effective_rate: effectiveRate };
        }
        const offer = computeOffer(await productOf(row.productId), row, today);
        return {
          row,
          monthly_payment: offer.monthly_payment,
          effective_rate: offer.effective_rate,
        };
      }),
    );
  }

  /** Stores the statement under a new key; the customer's file name is only kept beside it. */
  async function store(file: BankStatementUpload): Promise<StoredStatement> {
    const key = newStorageKey('bank-statements');
    // bankStatementFile let only the allowed types through.
    const type = file.detectedType ?? 'application/octet-stream';
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
    if (open !== undefined) throw new OpenApplicationError(open);
  }

  return {
    async options(locale: Locale): Promise<ResponseOf<typeof loanOptions>> {
      return { status: 'success', ...(await formOptions(locale)) };
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

    async list(userId: number, locale: Locale): Promise<ResponseOf<typeof loansShow>> {
      const rows = await withOfferFigures(await repository.listOwned(userId, locale));
      return {
        status: 'success',
        loans: rows.map(({ row, ...figures }) => ({
          id: row.id,
          created_at: formatTimestamp(row.createdAt),
          amount: row.amount,
          months: row.months,
          loan_status: { code: row.statusCode, name: row.statusName },
          ...figures,
        })),
      };
    },

    async cancel(userId: number, id: number): Promise<void> {
      await db.transaction((tx) =>
        moveApplication(tx, { id, userId, name: 'cancel', now: clock.now() }),
      );
      log.info({ event: 'loan_cancelled', loanId: id }, 'loan application cancelled');
    },
  };
}
