import { loanCreate, loanEditSave } from '@sesxi/contract';
import { z } from 'zod';
import { loanCreateBody, loanEditBody } from './loan-form.ts';

/**
 * The loan form's multipart bodies for the API document, by `METHOD path`: the routes read them in code
 * (`readLoanForm`) rather than through a schema: each field is JSON text (`1500`, `"1500,50"`),
 * the statement a file.
 */
export function loanFormDocuments(): ReadonlyMap<string, object> {
  return new Map([
    [`${loanCreate.method} ${loanCreate.path}`, multipartFormSchema(loanCreateBody)],
    [`${loanEditSave.method} ${loanEditSave.path}`, multipartFormSchema(loanEditBody)],
  ]);
}

function multipartFormSchema(body: typeof loanCreateBody | typeof loanEditBody) {
  // The limits are the product's, checked per request: the document gives the fields' shape.
  const shape = body({ id: 0, min_amount: 0, max_amount: 0, min_months: 0, max_months: 0 });
  const schema = z.toJSONSchema(shape, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as { properties?: Record<string, unknown>; required?: string[] };
  const { $schema: _, ...rest } = schema as Record<string, unknown>;
  return {
    ...rest,
    description:
      "The loan form. Each field is JSON text: `amount` a number or a string with a comma decimal ('\"1500,50\"'), `months`, `loan_purpose_id` and `branch_id` whole numbers; the product's limits apply.",
    properties: {
      ...schema.properties,
      file: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: 'The bank statement: a PDF, JPEG or PNG (by its content), at most 10 MB.',
      },
    },
  };
}
