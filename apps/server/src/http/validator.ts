import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { fieldError } from '#app/errors.ts';

/**
 * Where in a request part (a body, a query, path parameters) text holds a NUL character, as
 * the path of keys to it; undefined when none does.
 */
function nulCharacterAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  // Parsed JSON, a query, path parameters, a form; not a file's bytes.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterAt(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The contract's zod validation of every route part, then one rule of our own for all of them:
 * text with a NUL character is refused under its field, where no schema of a field did so
 * already. PostgreSQL cannot store it (it answers an error, which would be a 500), and no field
 * of ours has a use for it.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    // fastify-type-provider-zod validates synchronously: an error, or the parsed value.
    const result = validate(data) as { error?: Error; value?: unknown };
    if (result.error) return result;
    const path = nulCharacterAt(data);
    return path ? { error: fieldError(path[0] ?? 'message', 'validation.nulCharacter') } : result;
  };
};

/**
 * A request part as its route's validation will take it: the schema's output, or undefined
 * when the route will refuse it. For reads made before validation runs (with the session).
 */
export function validPartOf<Schema extends ZodType>(
  schema: Schema,
  data: unknown,
): z.output<Schema> | undefined {
  const parsed = schema.safeParse(data);
  return parsed.success && !nulCharacterAt(data) ? parsed.data : undefined;
}
