import { loanInput, type LoanLimits } from '@sesxi/contract';
import { z } from 'zod';
import { bankStatementFile } from './bank-statements.ts';

/** A multipart field holding JSON text (`"1500"`, `12`, `null`), checked by `schema` once decoded. */
function jsonField<Schema extends z.ZodType>(schema: Schema) {
  return z
    .string()
    .min(1)
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'validation.invalid', input: text });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/**
 * An edited loan form as `readLoanForm` hands it over: the contract's fields, each
 * JSON-encoded, and a new bank statement or none (the stored one stays).
 */
export function loanEditBody(limits: LoanLimits) {
  const { shape } = loanInput(limits);
  return z.object({
    amount: jsonField(shape.amount),
    months: jsonField(shape.months),
    loan_purpose_id: jsonField(shape.loan_purpose_id),
    branch_id: jsonField(shape.branch_id).optional(),
    file: bankStatementFile.optional(),
  });
}

/** A new application's form: the same fields, and the bank statement is required. */
export function loanCreateBody(limits: LoanLimits) {
  return loanEditBody(limits).extend({ file: bankStatementFile });
}

export type LoanForm = z.output<ReturnType<typeof loanEditBody>>;
