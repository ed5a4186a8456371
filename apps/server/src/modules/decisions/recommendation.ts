import {
  seriousOverdueDays,
  type Affordability,
  type CreditReport,
  type MessageKey,
} from '@sesxi/contract';
import type { Message } from '#app/errors.ts';

/** What the rules look at. */
export interface RecommendationFacts {
  /** The affordability that counts: the bureau-adjusted one when the report is in. */
  affordability: Pick<Affordability, 'pti' | 'limit' | 'fits'> | null;
  bureau: { state: 'ready'; report: CreditReport } | { state: 'pending' | 'unavailable' };
  /** The latest completed document check. */
  identityCheck: 'passed' | 'failed' | 'missing';
  sdaVerified: boolean;
}

export interface RuleVerdict {
  verdict: 'approve' | 'review' | 'reject';
  for: Message[];
  against: Message[];
}

const percent = (value: number) => value.toFixed(2).replace('.', ',');

/**
 * The rules' reading of an application, for the officer to weigh: never applied by itself
 * (a fully automated credit decision needs a data protection impact assessment). Something
 * serious against (PTI over the limit, a bureau loan 90 days overdue, a failed document check)
 * says reject; nothing against with the bureau's report and a passed check says approve;
 * anything else, review.
 */
export function recommend(facts: RecommendationFacts): RuleVerdict {
  const pros: Message[] = [];
  const cons: { message: Message; serious: boolean }[] = [];
  const against = (key: MessageKey, serious: boolean, params?: Record<string, unknown>) =>
    cons.push({ message: { key, params }, serious });

  const { affordability } = facts;
  if (!affordability || affordability.pti === null) against('recommendation.noIncome', true);
  else {
    const params = { pti: percent(affordability.pti), limit: percent(affordability.limit) };
    if (affordability.fits) pros.push({ key: 'recommendation.ptiFits', params });
    else against('recommendation.ptiTooHigh', true, params);
  }

  if (facts.bureau.state === 'ready') {
    const worst = Math.max(0, ...facts.bureau.report.loans.map((loan) => loan.overdue_days));
    if (worst >= seriousOverdueDays) against('recommendation.bureauOverdue', true, { days: worst });
    else pros.push({ key: 'recommendation.bureauClean' });
  } else {
    against(
      facts.bureau.state === 'pending'
        ? 'recommendation.bureauPending'
        : 'recommendation.bureauUnavailable',
      false,
    );
  }

  if (facts.identityCheck === 'passed') pros.push({ key: 'recommendation.identityPassed' });
  else if (facts.identityCheck === 'failed') against('recommendation.identityFailed', true);
  else against('recommendation.identityMissing', false);

  if (facts.sdaVerified) pros.push({ key: 'recommendation.sdaVerified' });
  else against('recommendation.sdaMissing', true);

  const verdict = cons.some((con) => con.serious)
    ? 'reject'
    : cons.length === 0
      ? 'approve'
      : 'review';
  return { verdict, for: pros, against: cons.map((con) => con.message) };
}
