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

/** The product version a form is checked against: its id and its limits. */
export type FormProduct = LoanLimits & { id: number };

/**
 * The loan form as `readLoanForm` hands it over, each field JSON-encoded, checked against the
 * product's limits; the result names that product, so the application records the very
 * version its values were checked against. A new application needs the bank statement; an
 * edit may leave it out (the stored one stays).
 */
function loanFormBody<File extends z.ZodType>(product: FormProduct, file: File) {
  const { shape } = loanInput(product);
  return z
    .object({
      amount: jsonField(shape.amount),
      months: jsonField(shape.months),
      loan_purpose_id: jsonField(shape.loan_purpose_id),
      branch_id: jsonField(shape.branch_id).optional(),
      file,
    })
    .transform((form) => ({ ...form, productId: product.id }));
}

export const loanEditBody = (product: FormProduct) =>
  loanFormBody(product, bankStatementFile.optional());

export const loanCreateBody = (product: FormProduct) => loanFormBody(product, bankStatementFile);

export type LoanForm = z.output<ReturnType<typeof loanEditBody>>;
