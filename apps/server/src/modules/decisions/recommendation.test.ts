import { describe, expect, it } from 'vitest';
import { recommend, type RecommendationFacts } from './recommendation.ts';

const clean: RecommendationFacts = {
  affordability: { pti: 31.5, limit: 50, fits: true },
  bureau: {
    state: 'ready',
    report: {
      loans: [{ lender: 'ბანკი', monthly_payment: 100, outstanding: 900, overdue_days: 0 }],
      enquiries: 1,
      score: 700,
    },
  },
  identityCheck: 'passed',
  sdaVerified: true,
};

const keys = (messages: { key: string }[]) => messages.map((message) => message.key);

describe('the recommendation', () => {
  it('says approve when everything speaks for, and says why', () => {
    const verdict = recommend(clean);
    expect(verdict.verdict).toBe('approve');
    expect(keys(verdict.for)).toEqual([
      'recommendation.ptiFits',
      'recommendation.bureauClean',
      'recommendation.identityPassed',
      'recommendation.sdaVerified',
    ]);
    expect(verdict.for[0]).toMatchObject({ params: { pti: '31,50', limit: '50,00' } });
    expect(verdict.against).toEqual([]);
  });

  it.each<[string, Partial<RecommendationFacts>, string]>([
    [
      'a PTI over the limit',
      { affordability: { pti: 61, limit: 50, fits: false } },
      'recommendation.ptiTooHigh',
    ],
    [
      'no income',
      { affordability: { pti: null, limit: 25, fits: false } },
      'recommendation.noIncome',
    ],
    [
      'a loan 90 days overdue',
      {
        bureau: {
          state: 'ready',
          report: {
            loans: [{ lender: 'x', monthly_payment: 1, outstanding: 1, overdue_days: 90 }],
            enquiries: 0,
            score: null,
          },
        },
      },
      'recommendation.bureauOverdue',
    ],
    ['a failed document check', { identityCheck: 'failed' }, 'recommendation.identityFailed'],
    ['unconfirmed personal data', { sdaVerified: false }, 'recommendation.sdaMissing'],
  ])('says reject for %s', (_case, change, reason) => {
    const verdict = recommend({ ...clean, ...change });
    expect(verdict.verdict).toBe('reject');
    expect(keys(verdict.against)).toContain(reason);
  });

  it.each<[string, Partial<RecommendationFacts>]>([
    ['a report still pending', { bureau: { state: 'pending' } }],
    ['no document check', { identityCheck: 'missing' }],
  ])('says review for %s', (_case, change) => {
    expect(recommend({ ...clean, ...change }).verdict).toBe('review');
  });

  it('counts a loan 89 days overdue as clean', () => {
    const report = {
      loans: [{ lender: 'x', monthly_payment: 1, outstanding: 1, overdue_days: 89 }],
      enquiries: 0,
      score: null,
    };
    expect(recommend({ ...clean, bureau: { state: 'ready', report } }).verdict).toBe('approve');
  });
});
