import {
  checkAffordability,
  computeOffer,
  formatTimestamp,
  netMonthlyIncome,
  type Affordability,
  type LoanOffer,
  type LoanProduct,
  type PtiLimits,
} from '@sesxi/contract';
import type { QuestionnaireRow } from '../questionnaires/repository.ts';

/** What the customer earns and already pays a month, GEL, from the questionnaire. */
export interface Finances {
  income: number;
  obligations: number;
}

/**
 * Net monthly income: salary, transfers, entrepreneur income and pension. Obligations: the
 * questionnaire's `total_financial_liability`, taken to be what the customer already pays a
 * month on other debts (the form asks it next to the monthly expenses; see
 * `AffordabilityInput.obligations` in the contract). No questionnaire: nothing to lend on.
 */
export function financesOf(questionnaire: QuestionnaireRow | undefined): Finances {
  if (!questionnaire) return { income: 0, obligations: 0 };
  return {
    income: netMonthlyIncome({
      salary: questionnaire.salary,
      transfer: questionnaire.transfer,
      entrepreneur_income: questionnaire.entrepreneurIncome,
      pension: questionnaire.pension,
    }),
    obligations: questionnaire.totalFinancialLiability,
  };
}

/** The Georgian calendar day (Asia/Tbilisi) of `moment`, `YYYY-MM-DD`: an offer's payout date. */
export function tbilisiDate(moment: Date): string {
  return formatTimestamp(moment).slice(0, 10);
}

/** Everything an offer was computed from, as a snapshot keeps it. */
export interface QuoteInputs extends Finances {
  amount: number;
  months: number;
  pti_limits: PtiLimits;
  payout_date: string;
}

export interface Quote {
  offer: LoanOffer;
  affordability: Affordability;
}

/** The offer and the affordability check for `inputs` under `product`: pure. */
export function quote(product: LoanProduct, inputs: QuoteInputs): Quote {
  const { amount, months, income, obligations } = inputs;
  return {
    offer: computeOffer(product, { amount, months }, inputs.payout_date),
    affordability: checkAffordability({
      product,
      amount,
      months,
      income,
      obligations,
      limits: inputs.pti_limits,
    }),
  };
}
