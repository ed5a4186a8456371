/**
 * The name of the unique constraint an insert or update broke (PostgreSQL's 23505), following
 * Drizzle's wrapping; undefined for any other error. Both drivers report `code` and
 * `constraint`.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if ('code' in current && current.code === '23505' && 'constraint' in current) {
      return typeof current.constraint === 'string' ? current.constraint : undefined;
    }
    current = current.cause;
  }
  return undefined;
}
