/*
 * Late costs within the legal caps (domain-notes.md, contracts/legal-limits.ts): a penalty of at
 * most 0.27% of the principal outstanding a day, and all late costs together never above 1.5
 * times the principal outstanding. Pure; amounts in tetri.
 */
import {
  lateCostsCapTimesPrincipal,
  latePenaltyPercentPerDay,
} from '#app/modules/contracts/index.ts';

/** Millionths of the principal a day: the legal cap, 0.27% = 2,700. */
export const maxPenaltyPpmDaily = Math.round(latePenaltyPercentPerDay * 10_000);

/** The most late costs may total on `principalOutstanding`: 1.5 times it, rounded down. */
export const lateCostsCap = (principalOutstanding: number) =>
  Math.floor(principalOutstanding * lateCostsCapTimesPrincipal);

/** What late costs may still be charged: never negative. */
export const lateCostsCapLeft = (principalOutstanding: number, lateCosts: number) =>
  Math.max(0, lateCostsCap(principalOutstanding) - lateCosts);

/**
 * One overdue day's penalty: `ppmDaily` millionths of the principal outstanding (rounded
 * down, never above the legal rate), cut to what the cap on late costs leaves.
 */
export function dailyPenalty(
  principalOutstanding: number,
  lateCosts: number,
  ppmDaily: number,
): number {
  const rate = Math.min(ppmDaily, maxPenaltyPpmDaily);
  const penalty = Math.floor((principalOutstanding * rate) / 1_000_000);
  return Math.min(penalty, lateCostsCapLeft(principalOutstanding, lateCosts));
}

/** `PENALTY_RATE_DAILY` (percent a day) as millionths of the principal, never above the cap. */
export const penaltyPpmOf = (percentDaily: number) =>
  Math.min(maxPenaltyPpmDaily, Math.round(percentDaily * 10_000));
