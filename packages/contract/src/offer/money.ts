/**
 * Money inside the offer calculation is counted in whole tetri (1 GEL = 100 tetri), so sums
 * are exact integers; GEL numbers with two decimals appear only at the edges.
 */

/** GEL → tetri, rounded to the nearest tetri (half away from zero for positive amounts). */
export function toTetri(gel: number): number {
  return Math.round(gel * 100);
}

/** Tetri → GEL as a number with at most two decimals (`9456` → `94.56`). */
export function toGel(tetri: number): number {
  return tetri / 100;
}

/** A percent rounded to two decimals, as rates and PTI are shown (`26.824…` → `26.82`). */
export function roundPercent(percent: number): number {
  return Math.round(percent * 100) / 100;
}
