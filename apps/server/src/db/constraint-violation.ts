/**
 * The name of the constraint of SQLSTATE `code` that a statement broke, following Drizzle's
 * wrapping; undefined for any other error. Both drivers report `code` and `constraint`.
 */
function violatedConstraint(error: unknown, code: string): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if ('code' in current && current.code === code && 'constraint' in current) {
      return typeof current.constraint === 'string' ? current.constraint : undefined;
    }
    current = current.cause;
  }
  return undefined;
}

/** The unique constraint an insert or update broke (PostgreSQL's 23505), or undefined. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  return violatedConstraint(error, '23505');
}

/** The check constraint an insert or update broke (PostgreSQL's 23514), or undefined. */
export function violatedCheckConstraint(error: unknown): string | undefined {
  return violatedConstraint(error, '23514');
}
