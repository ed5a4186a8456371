import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestsTo, type ApiAnswer } from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { bodyRowsOf } from '../../test/table';
import { session } from '../../shared/session/session';
import {
  officerFixture,
  paperworkFixture,
  reviewFixture,
} from '../../features/decisions/test-fixtures';
import { overdueAccount } from '../../features/loans/account/account-fixtures';

const nbsp = '\u00a0';
const lari = (amount: string) => `${amount}${nbsp}₾`;
const ledgerTitle = 'სესხის დაფარვა: გრაფიკი და ოპერაციები';

function openReview(status: { code: string; name: string }, answers: Record<string, ApiAnswer>) {
  session.set(officerFixture);
  const review = reviewFixture();
  return renderApp('/applications/41', {
    'GET /api/applications/41': () =>
      jsonResponse({ ...review, application: { ...review.application, status } }),
    'GET /api/rejection-reasons': () => jsonResponse({ status: 'success', reasons: [] }),
    'GET /api/applications/41/contract': () => jsonResponse(paperworkFixture()),
    ...answers,
  });
}

describe('/applications/{id}: a paid-out loan’s ledger', () => {
  it('shows the officer the customer’s own view of it, read only: what is late, the schedule, the transactions', async () => {
    openReview(
      { code: 'active', name: 'აქტიური' },
      {
        'GET /api/applications/41/account': () =>
          jsonResponse({ status: 'success', account: overdueAccount }),
      },
    );
    const ledger = await screen.findByRole('region', { name: ledgerTitle });
    expect(ledger).toHaveTextContent('მხოლოდ სანახავად');
    const late = await within(ledger).findByText('ვადაგადაცილება: 5 დღე, გადასახდელი 730,56 ₾');
    expect(late).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    const schedule = within(ledger).getByRole('region', {
      name: 'დაფარვის გრაფიკი და გადახდების სტატუსი',
    });
    expect(within(schedule).getByRole('heading', { level: 3 })).toBeVisible();
    const rows = bodyRowsOf(within(schedule).getByRole('table'));
    expect(rows.map((row) => row.at(-1))).toEqual([
      '✓ გადახდილი',
      '! ვადაგადაცილებული',
      'მომავალი',
    ]);
    const ledgerRows = bodyRowsOf(within(ledger).getByRole('table', { name: 'ოპერაციები' }));
    expect(ledgerRows[0]).toEqual([
      '2026-11-15',
      'სესხის გაცემა',
      lari('2000,00'),
      '—',
      'PAYOUT-7',
    ]);
    // Nothing to pay with: no forms, no buttons.
    expect(within(ledger).queryByRole('button')).not.toBeInTheDocument();
    expect(within(ledger).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('asks for no ledger before the payout', async () => {
    const { fetchMock } = openReview({ code: 'under_review', name: 'განხილვაში' }, {});
    await screen.findByRole('region', { name: 'ხელშეკრულება და დოკუმენტები' });
    expect(screen.queryByRole('region', { name: ledgerTitle })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/applications/41/account')).toHaveLength(0);
  });
});
