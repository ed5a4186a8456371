import { formatLari } from '@sesxi/contract';
const nbsp = '\u00a0';

/**
 * Browsers built on a trimmed ICU (Debian's Chromium, some Android WebViews) have no Georgian
 * data and print `GEL 1.00`, while still naming ka-GE as their locale: judged by the output,
 * and where it is wrong the same format is written out by hand. Decided on first use, not
 * while a first visit's code loads.
 */
let formatLariHere: ((amount: number) => string) | undefined;
function lariFormatter(): (amount: number) => string {
  if (!formatLariHere) {
    const lari = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL' });
    formatLariHere =
      lari.format(1) === `1,00${nbsp}₾` ? (amount: number) => lari.format(amount) : formatLari;
  }
  return formatLariHere;
}

/** An amount in lari as Georgians write it: `1 234 567,89 ₾` (no-break spaces, sign after). */
export function formatMoney(amount: number): string {
  return lariFormatter()(amount);
}
