import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidFieldsError } from '#app/errors.ts';

/**
 * For a body whose schema depends on data read per request (the loan form and the product's
 * limits): a preValidation hook that parses `request.body` with the schema `schemaFor` builds
 * and replaces it with the result, failing like a route schema would (422 under the fields).
 * The route's own schema is then `checkedBody`, which only carries the type.
 */
export function bodyCheckedWith<Schema extends z.ZodType>(
  schemaFor: (request: FastifyRequest) => Promise<Schema>,
) {
  return async (request: FastifyRequest): Promise<void> => {
    const parsed = (await schemaFor(request)).safeParse(request.body);
    if (!parsed.success) throw new InvalidFieldsError(parsed.error.issues);
    request.body = parsed.data;
  };
}

/** The route schema of a body that `bodyCheckedWith` has parsed already: its type, no checks. */
export function checkedBody<Schema extends z.ZodType>(_schema: (...args: never[]) => Schema) {
  return z.custom<z.output<Schema>>();
}
