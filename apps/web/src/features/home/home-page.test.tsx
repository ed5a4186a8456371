import { computeOffer, representativeLoanTerms, standardLoanProduct } from '@sesxi/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../shared/format/money';
import { formatPercent } from '../../shared/format/percent';
import { mockApi } from '../../test/api-fixtures';
import { renderRoutes } from '../../test/render';
import { seededContentAnswers } from '../../test/render-app';
import { HomePage } from './home-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('the home page for a signed-out visitor', () => {
  it('states the amounts, terms, a representative example with its effective rate, the steps and where to start', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:30:05Z'));
    mockApi(seededContentAnswers());
    renderRoutes([{ path: '/', element: <HomePage /> }]);

    const offer = screen.getByRole('region', { name: 'რას გთავაზობთ' });
    const range = `${formatMoney(100)} – ${formatMoney(50_000)}`.replace(/\s/g, ' ');
    expect(within(offer).getByText(range)).toBeInTheDocument();
    expect(within(offer).getByText('3 – 48 თვე')).toBeInTheDocument();

    const expected = computeOffer(standardLoanProduct, representativeLoanTerms, '2026-11-22');
    const example = screen.getByRole('region', { name: 'რეპრეზენტატიული მაგალითი' });
    const rate = within(example).getByText('ეფექტური წლიური საპროცენტო განაკვეთი');
    expect(rate.nextElementSibling).toHaveTextContent(formatPercent(expected.effective_rate));
    expect(
      within(example).getByText(formatMoney(expected.monthly_payment).replace(/\s/g, ' ')),
    ).toBeInTheDocument();
    const sentence = `სესხი ${formatMoney(5000)}, 24 თვის ვადით`.replace(/\s/g, ' ');
    expect(
      within(example).getByText((text) => text.replace(/\s/g, ' ').startsWith(sentence)),
    ).toBeInTheDocument();

    // The steps are the lender's text (content `home`), as seeded.
    const steps = await screen.findByRole('heading', { level: 2, name: 'როგორ მუშაობს' });
    expect(within(steps.parentElement ?? document.body).getAllByRole('listitem')).toHaveLength(5);

    expect(screen.getByRole('link', { name: 'რეგისტრაცია' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'შესვლა' })).toHaveAttribute('href', '/login');
    // Again after the steps, under their own names.
    const start = screen.getByRole('region', { name: 'დაიწყეთ ახლავე' });
    expect(within(start).getByRole('link', { name: 'დარეგისტრირდით' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(start).getByRole('link', { name: 'ანგარიშზე შესვლა' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
