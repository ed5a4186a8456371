import {
  EffectiveRateCapError,
  loanInput,
  type loanOfferQuote,
  type PtiLimits,
  type ResponseOf,
  tbilisiDate,
  toGel,
} from '@sesxi/contract';
import type { z } from 'zod';
import type { Database } from '#app/db/database.ts';
import { HttpError, InvalidFieldsError } from '#app/errors.ts';
import {
  createLoanProductRepository,
  currentProducts,
  defaultProductOf,
  limitsOf,
} from '#app/modules/loan-products/index.ts';
import { createQuestionnaireRepository } from '#app/modules/questionnaires/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { financesOf, quote, type QuoteInputs } from './quote.ts';
import {
  createOfferSnapshotRepository,
  lenderObligationsOf,
  type OfferInputsRead,
} from './repository.ts';

interface LoanOfferDependencies extends ServiceContext {
  ptiLimits: PtiLimits;
}

/** `POST /api/loan-offer`'s body as the contract parsed it (shape only, no limits yet). */
interface QuoteRequest {
  amount: number;
  months: number;
  loan_purpose_id?: number | null;
}

/** An application as the snapshot needs it. */
interface SubmittedApplication {
  id: number;
  userId: number;
  amount: number;
  months: number;
  productId: number | null;
}

/**
 * Stores what the server computes for `application` at its submission: the offer under the
 * product version it was saved with (the default for one saved before products existed), paid
 * out on the day of `now`, and the affordability on the customer's questionnaire and their
 * loans with this lender. Call inside
 * the submission's transaction. A request that does not fit is still submitted (the screens
 * steered the customer): the snapshot records `fits`. An offer above the effective-rate cap
 * is not recorded: `EffectiveRateCapError` is thrown before anything is stored.
 */
export async function recordOfferSnapshot(
  tx: Database,
  application: SubmittedApplication,
  { ptiLimits, now }: { ptiLimits: PtiLimits; now: Date },
): Promise<void> {
  const products = createLoanProductRepository(tx);
  const product =
    (application.productId === null ? undefined : await products.byId(application.productId)) ??
    (await products.defaultProduct());
  const questionnaire = await createQuestionnaireRepository(tx).ofUser(application.userId);
  const inputs: QuoteInputs = {
    amount: application.amount,
    months: application.months,
    ...financesOf(questionnaire),
    lender_obligations: await lenderObligationsOf(tx, application.userId),
    pti_limits: ptiLimits,
    payout_date: tbilisiDate(now),
  };
  await createOfferSnapshotRepository(tx).insert(
    application.id,
    product.id,
    inputs,
    quote(product, inputs),
    now,
  );
}

/** The live offer while the customer types, under the default product, paid out today. */
export function createLoanOfferService({ clock, ptiLimits }: LoanOfferDependencies) {
  return {
    /** The offer for `request` from what offerInputsWithSession read with the session. */
    quote(
      { products, questionnaire, purposeIds, lenderObligations }: OfferInputsRead,
      request: QuoteRequest,
    ): ResponseOf<typeof loanOfferQuote> {
      const product = defaultProductOf(currentProducts(products));
      // The contract checked the shape; the limits are the product's, worded as on the form.
      const bounded = loanInput(limitsOf(product))
        .pick({ amount: true, months: true })
        .safeParse(request);
      const issues: z.core.$ZodIssue[] = bounded.error?.issues ?? [];
      const purpose = request.loan_purpose_id;
      if (purpose != null && !purposeIds.includes(purpose)) {
        issues.push({ code: 'custom', path: ['loan_purpose_id'], message: 'validation.lookup' });
      }
      if (issues.length > 0) throw new InvalidFieldsError(issues);
      try {
        const answer = quote(product, {
          amount: request.amount,
          months: request.months,
          ...financesOf(questionnaire),
          lender_obligations: toGel(lenderObligations),
          pti_limits: ptiLimits,
          payout_date: tbilisiDate(clock.now()),
        });
        return { status: 'success', ...answer };
      } catch (error) {
        if (!(error instanceof EffectiveRateCapError)) throw error;
        // Inside the product's limits, yet above the cap (a product saved before the exact
        // check): the customer changes the amount or the term.
        const message = [{ key: 'offer.effectiveRateCap' as const }];
        throw new HttpError(422, 'errors.validation', {
          fields: { amount: message, months: message },
        });
      }
    },
  };
}
