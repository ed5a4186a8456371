import type { z } from 'zod';

/**
 * What the browser kept under a key, read back through its schema: null when nothing was kept,
 * or what was kept is not JSON or no longer fits (an older build's shape, a hand edit).
 */
export function parseStored<Schema extends z.ZodType>(
  raw: string | null,
  schema: Schema,
): z.output<Schema> | null {
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
