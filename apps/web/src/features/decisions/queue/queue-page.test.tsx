import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { bodyRowsOf, columnHeadersOf } from '../../../test/table';
import { session } from '../../../shared/session/session';
import { officerFixture, queueAnswer, queueItem } from '../test-fixtures';

const queueCall = 'GET /api/applications';
const nbsp = '\u00a0';

function openQueue(path = '/applications') {
  session.set(officerFixture);
  return renderApp(path, {
    [queueCall]: queueAnswer([
      queueItem(),
      queueItem({
        id: 42,
        status: { code: 'under_review', name: 'განხილვაში' },
        age_hours: 5,
        pti: null,
        bureau: { state: 'ready', serious_overdue: true },
        identity_check_passed: false,
        assigned_officer: { id: 2, name: 'გიორგი', surname: 'ლომიძე' },
      }),
      queueItem({ id: 43, age_hours: 0, bureau: { state: 'pending', serious_overdue: null } }),
    ]),
  });
}

const table = () => screen.findByRole('table', { name: 'განაცხადები' });

describe('/applications', () => {
  it('lists the open applications with every column, the 90+ days overdue flag in words', async () => {
    const { fetchMock } = openQueue();
    const queue = await table();
    expect(columnHeadersOf(queue)).toEqual([
      '№',
      'მომხმარებელი',
      'წარდგენილია',
      'პირობები',
      'PTI',
      'შემოწმებები',
      'სტატუსი',
    ]);
    const rows = within(queue).getAllByRole('row');
    const row = (index: number) => within(rows[index] ?? document.body);
    expect(row(1).getByRole('link', { name: 'განაცხადი № 41' })).toHaveAttribute(
      'href',
      '/applications/41',
    );
    expect(bodyRowsOf(queue)[0]).toEqual([
      'ნინო კაპანაძე',
      '2026-11-20 10:152 დღის წინ',
      `15${nbsp}000,00${nbsp}₾ · 24 თვეთვეში 820,50${nbsp}₾`,
      '27,35%',
      'საკრედიტო ბიურო: ✓ სერიოზული ვადაგადაცილება არ არისდოკუმენტის შემოწმება: ✓ გავლილია',
      'წარდგენილიარ არის მინიჭებული',
    ]);
    // The number column, fixed on a phone, also says the status in short.
    expect(within(rows[1] ?? document.body).getByRole('rowheader')).toHaveTextContent(
      '41წარდგენილი',
    );
    expect(row(2).getByText('ვადაგადაცილება 90+ დღე')).toBeInTheDocument();
    expect(row(2).getByText('5 საათის წინ')).toBeInTheDocument();
    expect(row(2).getByText('გიორგი ლომიძე')).toBeInTheDocument();
    expect(row(2).getByText('ვერ გაიარა')).toBeInTheDocument();
    expect(row(3).getByText('ანგარიში მოლოდინშია')).toBeInTheDocument();
    // A fresh row is not "0 hours ago".
    expect(row(3).getByText('ერთ საათზე ნაკლები ხნის წინ')).toBeInTheDocument();
    expect(requestsTo(fetchMock, queueCall)[0]?.headers.get('Authorization')).toBe(
      'Bearer token-officer',
    );
  });

  it('filters by status and keeps the filter and page size in the address', async () => {
    const { user, router, fetchMock } = openQueue();
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'სტატუსი' }), 'განხილვაში');
    await waitFor(async () => {
      expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(await table()).getByRole('link', { name: 'განაცხადი № 42' })).toBeVisible();
    expect(router.state.location.search).toBe('?filter=under_review');
    await user.selectOptions(screen.getByRole('combobox', { name: 'ჩანაწერები გვერდზე' }), '25');
    expect(router.state.location.search).toBe('?filter=under_review&per_page=25');
    await waitFor(() => {
      const last = requestsTo(fetchMock, queueCall).at(-1);
      const query = new URL(last?.url ?? '', 'http://localhost').searchParams;
      expect([query.get('status'), query.get('per_page')]).toEqual(['under_review', '25']);
    });
  });

  it('reads the filter from the address', async () => {
    const { fetchMock } = openQueue('/applications?filter=submitted');
    await table();
    expect(screen.getByRole('combobox', { name: 'სტატუსი' })).toHaveValue('submitted');
    const query = new URL(requestsTo(fetchMock, queueCall)[0]?.url ?? '', 'http://localhost')
      .searchParams;
    expect(query.get('status')).toBe('submitted');
  });

  it('finds the approvals awaiting a second officer by their filter, flagged in the status', async () => {
    session.set(officerFixture);
    const { user, router } = renderApp('/applications', {
      [queueCall]: queueAnswer([
        queueItem(),
        queueItem({ id: 42, status: { code: 'under_review', name: 'განხილვაში' } }),
        queueItem({
          id: 44,
          status: { code: 'under_review', name: 'განხილვაში' },
          awaiting_second_officer: true,
        }),
      ]),
    });
    await table();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'სტატუსი' }),
      'ელოდება მეორე ოფიცერს',
    );
    await waitFor(async () => {
      expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(await table()).getByRole('link', { name: 'განაცხადი № 44' })).toBeVisible();
    expect(bodyRowsOf(await table())[0]?.at(-1)).toBe(
      'განხილვაშიელოდება მეორე ოფიცერსარ არის მინიჭებული',
    );
    expect(router.state.location.search).toBe('?filter=awaiting_second_officer');
  });
});
