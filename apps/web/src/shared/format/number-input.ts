import { groupDigits } from '@sesxi/contract';

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

/**
 * An amount as a Georgian types it into a field: `1250`, `1250,50`, `12 000` (grouped as
 * `formatMoney` groups, with plain spaces). Not with Intl: browsers without Georgian locale
 * data (Debian's Chromium) would write `1250.5`.
 */
export function amountInputText(amount: number): string {
  const [whole = '0', tetri] = (
    Number.isInteger(amount) ? String(amount) : amount.toFixed(2)
  ).split('.');
  const grouped = groupDigits(whole, ' ');
  return tetri === undefined ? grouped : `${grouped},${tetri}`;
}
