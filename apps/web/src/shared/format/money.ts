const lari = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL' });

/** An amount in lari as Georgians write it: `1 234 567,89 ₾` (no-break spaces, sign after). */
export function formatMoney(amount: number): string {
  return lari.format(amount);
}
