const nbsp = '\u00a0';

/**
 * Whole lari's digits in groups of three, as ka-GE writes them: `12 000`, but a four-digit
 * `1500` is not grouped. `separator` is a no-break space in text, a plain one in a field.
 */
export function groupDigits(whole: string, separator = nbsp): string {
  return whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator) : whole;
}

/**
 * An amount in lari as Georgians write it, `1 234 567,89 ₾`: no-break spaces, a decimal comma,
 * the sign after, and four-digit amounts not grouped (ka-GE's currency format). Written out by
 * hand: many browsers' trimmed ICU data has no Georgian and prints `GEL 1.00`.
 */
export function formatLari(amount: number): string {
  const [whole = '0', tetri = '00'] = Math.abs(amount).toFixed(2).split('.');
  return `${amount < 0 ? '-' : ''}${groupDigits(whole)},${tetri}${nbsp}₾`;
}
