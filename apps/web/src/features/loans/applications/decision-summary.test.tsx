import { screen, within } from '@testing-library/react';
import type { Decision } from '@sesxi/contract';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { DecisionSummary } from './decision-summary';

function renderSummary(decision: Decision | null) {
  return renderRoutes([{ path: '*', Component: () => <DecisionSummary decision={decision} /> }]);
}

const base: Decision = {
  state: 'approved',
  amount: 12000,
  months: 24,
  monthly_payment: 656.4,
  effective_rate: 28.73,
  reasons: [],
  decided_at: '2026-11-20 11:00:00',
};

describe('the decision under an application’s status', () => {
  it('gives an approval’s amount, term, monthly payment and effective rate', async () => {
    renderSummary(base);
    expect(await screen.findByText('დამტკიცებულია: 12 000,00 ₾ 24 თვით')).toBeInTheDocument();
    expect(
      screen.getByText('ყოველთვიური შენატანი 656,40 ₾, ეფექტური განაკვეთი 28,73%'),
    ).toBeInTheDocument();
  });

  it('dates a rejection and lists its reasons as the customer reads them', async () => {
    renderSummary({
      ...base,
      state: 'rejected',
      amount: null,
      months: null,
      monthly_payment: null,
      effective_rate: null,
      reasons: ['შემოსავალი არასაკმარისია', 'საკრედიტო ისტორია'],
    });
    expect(await screen.findByText('გადაწყვეტილების თარიღი: 2026-11-20 11:00')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'მიზეზები' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'შემოსავალი არასაკმარისია',
      'საკრედიტო ისტორია',
    ]);
  });

  it('says nothing of an approval still awaiting a second officer', () => {
    const { container } = renderSummary({ ...base, state: 'awaiting_second_officer' });
    expect(container.textContent).not.toContain('დამტკიცებულია');
  });
});
