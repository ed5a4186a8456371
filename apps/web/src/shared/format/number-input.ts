const groupSeparators = /[\s\u00a0\u202f]/g;
const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * Reads a number as a Georgian types it: a comma (or a dot) before the decimals, spaces between
 * groups of digits. Returns null for an empty or unreadable entry.
 */
export function parseGeorgianNumber(input: string): number | null {
  const compact = input.replace(groupSeparators, '');
  if (compact.includes(',') && compact.includes('.')) return null;
  const normalized = compact.replace(',', '.');
  return plainNumber.test(normalized) ? Number(normalized) : null;
}
