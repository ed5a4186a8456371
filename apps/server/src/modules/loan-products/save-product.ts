import {
  effectiveRateCap,
  loanProduct,
  localizeIssue,
  maxEffectiveRate,
  roundPercent,
} from '@sesxi/contract';
import { z } from 'zod';
import type { Database } from '#app/db/database.ts';
import { createLoanProductRepository, type StoredProduct } from './repository.ts';

/** What an operator (or the seed) saves: the pricing, the limits, the names, default or not. */
export const loanProductSettings = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, {
      error: 'must be 1–40 lower-case letters, digits, - or _',
    }),
  name: z.string().trim().min(1, { error: 'validation.required' }),
  name_en: z.string().trim().min(1, { error: 'validation.required' }),
  nominal_rate: z.number(),
  origination_fee_percent: z.number().default(0),
  origination_fee_fixed: z.number().default(0),
  monthly_fee: z.number().default(0),
  min_amount: z.number(),
  max_amount: z.number(),
  min_months: z.number(),
  max_months: z.number(),
  is_default: z.boolean().default(false),
});
export type LoanProductSettings = z.input<typeof loanProductSettings>;

/** A product that may not be saved; `problems` say why, in English, one a line. */
export class LoanProductRefusedError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`The loan product was not saved:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'LoanProductRefusedError';
    this.problems = problems;
  }
}

/** `loanProduct`'s rules across fields, which its message keys word without the other field. */
const crossFieldRules: Partial<Record<string, string>> = {
  max_amount: 'must not be below min_amount',
  max_months: 'must not be below min_months',
  origination_fee_fixed: 'the one-off fees would take the whole minimum amount',
};

/** The contract's message keys in English; an operator's own messages (e.g. the code's) as they are. */
function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.');
    const crossField = issue.code === 'custom' ? crossFieldRules[field] : undefined;
    const words =
      crossField ??
      (issue.message.startsWith('validation.') ? localizeIssue(issue, 'en') : issue.message);
    return `${field}: ${words}`;
  });
}

/**
 * The one way a loan product is saved (the seed and `npm run product:save` use it): checked
 * with the contract's `loanProduct`, refused when any offer inside its limits (every amount in
 * tetri, every term, every payout date: `maxEffectiveRate`, exact) is above the legal 50%,
 * judged on the unrounded rate, then stored as the next version of its code. Earlier
 * versions stay: applications and offer snapshots point at them.
 */
export async function saveLoanProduct(
  db: Database,
  settings: LoanProductSettings,
): Promise<StoredProduct> {
  const named = loanProductSettings.safeParse(settings);
  if (!named.success) throw new LoanProductRefusedError(problemsOf(named.error));
  // id and version are the database's to give; placeholders let the shape be checked first.
  const priced = loanProduct.safeParse({ ...named.data, id: 0, version: 1 });
  if (!priced.success) throw new LoanProductRefusedError(problemsOf(priced.error));
  const worst = maxEffectiveRate(priced.data);
  if (worst.exceeds_cap) {
    throw new LoanProductRefusedError([
      `the effective annual rate could reach ${roundPercent(worst.effective_rate).toFixed(2)}% ` +
        `(${worst.effective_rate.toFixed(4)}% unrounded) for ${worst.amount} GEL over ` +
        `${worst.months} months paid out on ${worst.payout_date}, above the legal ${effectiveRateCap}%`,
    ]);
  }
  const { code, name_en: nameEn, is_default: isDefault } = named.data;
  return createLoanProductRepository(db).insertVersion({
    ...priced.data,
    code,
    name_en: nameEn,
    is_default: isDefault,
  });
}
