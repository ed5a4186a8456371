/**
 * A rate in percent as Georgians write it: two decimals after a comma, the sign right after
 * (`26.95` → `26,95%`). Not with Intl, for the same reason as `formatMoney`.
 */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(2).replace('.', ',')}%`;
}
