import {
  checkAffordability,
  offerWithinCap,
  netMonthlyIncome,
  toGel,
  toTetri,
  type OfferAffordability,
  type LoanOffer,
  type LoanProduct,
  type PtiLimits,
} from '@sesxi/contract';
import type { QuestionnaireRow } from '#app/modules/questionnaires/index.ts';

/** The questionnaire's answers the finances are computed from. */
export type QuestionnaireFinances = Pick<
  QuestionnaireRow,
  | 'salary'
  | 'transfer'
  | 'entrepreneurIncome'
  | 'pension'
  | 'monthlyLoanPayments'
  | 'totalFinancialLiability'
>;

/** What the customer earns and already pays a month, GEL, from the questionnaire. */
export interface Finances {
  income: number;
  obligations: number;
  /** The obligations are an estimate from the total owed, not the customer's own figure. */
  obligations_estimated: boolean;
}

/**
 * Without the customer's monthly figure, the share of the total owed taken as paid each month:
 * 5%, what revolving and instalment debt costs a month at the usual terms (a total repaid over
 * about two years with interest). Cautious on purpose: it errs towards a lower PTI allowance.
 */
export const estimatedMonthlyShareOfDebt = 0.05;

/**
 * Net monthly income: salary, transfers, entrepreneur income and pension. Obligations: what
 * the customer pays a month on existing loans, or, left empty, an estimate from the total
 * financial liabilities. No questionnaire: nothing to lend on.
 */
export function financesOf(questionnaire: QuestionnaireFinances | null | undefined): Finances {
  if (!questionnaire) return { income: 0, obligations: 0, obligations_estimated: false };
  const stated = questionnaire.monthlyLoanPayments;
  const total = questionnaire.totalFinancialLiability;
  return {
    income: netMonthlyIncome({
      salary: questionnaire.salary,
      transfer: questionnaire.transfer,
      entrepreneur_income: questionnaire.entrepreneurIncome,
      pension: questionnaire.pension,
    }),
    obligations: stated ?? Math.round(total * estimatedMonthlyShareOfDebt * 100) / 100,
    obligations_estimated: stated === null && total > 0,
  };
}

/**
 * Everything an offer was computed from, as a snapshot keeps it. `obligations` are what the
 * customer pays other lenders (as declared, or as the bureau reports when it says more);
 * `lender_obligations` what their loans with this lender cost a month, counted on top.
 */
export interface QuoteInputs extends Finances {
  lender_obligations: number;
  amount: number;
  months: number;
  pti_limits: PtiLimits;
  payout_date: string;
}

export interface Quote {
  offer: LoanOffer;
  affordability: OfferAffordability;
}

/**
 * The offer and the affordability check for `inputs` under `product`: pure. An offer above the
 * 50% effective-rate cap is never made: throws the contract's `EffectiveRateCapError`.
 */
export function quote(product: LoanProduct, inputs: QuoteInputs): Quote {
  const { amount, months, income } = inputs;
  const obligations = toGel(toTetri(inputs.obligations) + toTetri(inputs.lender_obligations));
  return {
    offer: offerWithinCap(product, { amount, months }, inputs.payout_date),
    affordability: {
      ...checkAffordability({
        product,
        amount,
        months,
        income,
        obligations,
        limits: inputs.pti_limits,
        payoutDate: inputs.payout_date,
      }),
      obligations,
      obligations_estimated: inputs.obligations_estimated,
      lender_obligations: inputs.lender_obligations,
    },
  };
}
