import { formatLari } from '@sesxi/contract';
const nbsp = '\u00a0';
const lari = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL' });

/**
 * Browsers built on a trimmed ICU (Debian's Chromium, some Android WebViews) have no Georgian
 * data and print `GEL 1.00`, while still naming ka-GE as their locale: judged by the output,
 * and where it is wrong the same format is written out by hand.
 */
const intlSpeaksGeorgian = lari.format(1) === `1,00${nbsp}₾`;

/** An amount in lari as Georgians write it: `1 234 567,89 ₾` (no-break spaces, sign after). */
export function formatMoney(amount: number): string {
  return intlSpeaksGeorgian ? lari.format(amount) : formatLari(amount);
}
