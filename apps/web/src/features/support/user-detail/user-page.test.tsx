import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestsTo, type ApiAnswer } from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';
import { bodyRowsOf } from '../../../test/table';
import {
  accessLogEntries,
  approvedCheck,
  mismatchedCheck,
  paginatedAnswer,
  shownApplications,
  shownUser,
  supportRows,
  supportStaffFixture,
  unfinishedCheck,
  usersListAnswer,
} from '../test-fixtures';

const showCall = 'GET /api/checking/users/93';
const logCall = 'GET /api/checking/users/93/access-log';

function openUser(answers: Record<string, ApiAnswer> = {}) {
  session.set(supportStaffFixture);
  return renderApp('/checking/users/93', {
    [showCall]: () =>
      jsonResponse({
        status: 'success',
        user: shownUser,
        lastRequests: [unfinishedCheck, mismatchedCheck, approvedCheck],
        applications: shownApplications,
      }),
    [logCall]: paginatedAnswer(accessLogEntries(3)),
    ...answers,
  });
}

/** A description list as `term: description` lines. */
function termPairs(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
}

function checkRows() {
  return bodyRowsOf(screen.getByRole('table', { name: 'ვერიფიკაციის შედეგები' }));
}

async function openDetails(user: ReturnType<typeof openUser>['user'], date: string) {
  await user.click(await screen.findByRole('button', { name: `დეტალები: ${date}` }));
  return screen.findByRole('dialog', { name: `ვერიფიკაციის შედეგი, ${date}` });
}

describe('/checking/users/{id}', () => {
  it('shows the customer’s personal data, read-only', async () => {
    openUser();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ნიკა ქავთარაძე' }),
    ).toBeInTheDocument();
    const personal = screen.getByRole('region', { name: 'პირადი მონაცემები' });
    expect(termPairs(personal)).toEqual([
      'ID: 93',
      'სახელი: ნიკა',
      'გვარი: ქავთარაძე',
      'პირადი ნომერი: 01001000093',
      'დოკუმენტის ტიპი: პირადობის მოწმობა',
      'დოკუმენტის ნომერი: AB1234567',
      'ტელეფონის ნომერი: 599123456',
      'რეგისტრაციის თარიღი: 2026-11-20 09:15:00',
      'პერსონალური მონაცემების შემოწმება გავლილია: დიახ',
      'დოკუმენტი შემოწმებულია: არა',
    ]);
    expect(within(personal).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('lists the recent checks with the date, the similarity as a Georgian percentage and the outcome', async () => {
    openUser();
    await screen.findByRole('table', { name: 'ვერიფიკაციის შედეგები' });
    expect(checkRows()).toEqual([
      ['2026-11-22 15:00:00', '{"status":"in_progress"}', 'დაუსრულებელი', 'დეტალები'],
      ['2026-11-22 14:05:09', '41%', 'წარუმატებელი', 'დეტალები'],
      ['2026-11-21 10:00:00', '90,3%', 'წარმატებული', 'დეტალები'],
    ]);
  });

  it('lists the customer’s applications read-only, a rejection with the reasons the customer read', async () => {
    openUser();
    const table = await screen.findByRole('table', { name: 'განაცხადები' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      '№',
      'განაცხადის თარიღი',
      'მოთხოვნილი თანხა',
      'მოთხოვნილი ვადა',
      'სტატუსი',
      'გადაწყვეტილება',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '412',
      '377',
      '201',
    ]);
    const [draft, rejected, approved] = rows.map((row) => within(row));
    expect(draft?.getByText('გადაწყვეტილება ჯერ არ არის')).toBeInTheDocument();
    expect(rejected?.getByText('3000,00 ₾')).toBeInTheDocument();
    expect(rejected?.getByText('უარყოფილია 2026-11-23 11:40')).toBeInTheDocument();
    const reasons = rejected?.getByRole('list', {
      name: 'უარის მიზეზები, როგორც მომხმარებელმა წაიკითხა',
    });
    expect(
      within(reasons as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
      'გაქვთ ვადაგადაცილებული დავალიანება',
    ]);
    expect(approved?.getByText('დამტკიცებულია 2026-10-02 15:30')).toBeInTheDocument();
    expect(approved?.getByText('1200,00 ₾, 10 თვე')).toBeInTheDocument();
    expect(within(table).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the same applications as cards for a phone, a rejection dated with the reasons the customer read', async () => {
    openUser();
    const cards = await screen.findByRole('list', { name: 'განაცხადები' });
    const [, rejected] = Array.from(cards.children) as HTMLElement[];
    expect(cards.children).toHaveLength(3);
    expect(termPairs(rejected as HTMLElement)).toEqual([
      '№: 377',
      'განაცხადის თარიღი: 2026-11-22 10:02',
      'მოთხოვნილი თანხა: 3000,00\u00a0₾',
      'მოთხოვნილი ვადა: 24 თვე',
      'სტატუსი: უარყოფილია',
      'გადაწყვეტილება: უარყოფილია 2026-11-23 11:40' +
        'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის' +
        'გაქვთ ვადაგადაცილებული დავალიანება',
    ]);
    const reasons = within(rejected as HTMLElement).getByRole('list', {
      name: 'უარის მიზეზები, როგორც მომხმარებელმა წაიკითხა',
    });
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says so when the customer has no applications', async () => {
    openUser({
      [showCall]: () =>
        jsonResponse({
          status: 'success',
          user: shownUser,
          lastRequests: [approvedCheck],
          applications: [],
        }),
    });
    expect(await screen.findByText('მომხმარებელს განაცხადები არ აქვს')).toBeInTheDocument();
  });

  it('says so when the customer has no checks yet', async () => {
    openUser({
      [showCall]: () =>
        jsonResponse({ status: 'success', user: shownUser, lastRequests: [], applications: [] }),
    });
    expect(await screen.findByText('ვერიფიკაციის შედეგები ჯერ არ არის')).toBeInTheDocument();
  });

  it('compares the customer’s data with the document, naming each mismatch in words', async () => {
    const { user } = openUser();
    const dialog = within(await openDetails(user, '2026-11-22 14:05:09'));
    const rowOf = (field: string) => {
      const header = dialog.getByRole('rowheader', { name: field });
      return within(header.closest('tr') as HTMLElement);
    };

    const surname = rowOf('გვარი');
    expect(surname.getByText('შეუსაბამობა')).toBeInTheDocument();
    expect(surname.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'ქავთარაძეSSO-დან',
      'ბერიძე',
      '✗ შეუსაბამობა',
    ]);
    expect(rowOf('დოკუმენტის ნომერი').getByText('შეუსაბამობა')).toBeInTheDocument();
    expect(rowOf('დოკუმენტის ნომერი').getByText('მომხმარებლის შეყვანილი')).toBeInTheDocument();
    expect(rowOf('სახელი').getByText('ემთხვევა')).toBeInTheDocument();
    expect(rowOf('სახელი').queryByText('შეუსაბამობა')).not.toBeInTheDocument();
    expect(rowOf('პირადი ნომერი').getByText('ემთხვევა')).toBeInTheDocument();
    expect(dialog.getAllByText('შეუსაბამობა')).toHaveLength(2);
  });

  it('lists the provider’s own fields in the dialog, and closes it with Escape', async () => {
    const { user } = openUser();
    const dialogElement = await openDetails(user, '2026-11-22 14:05:09');
    const provider = within(dialogElement).getByRole('region', { name: 'პროვაიდერის პასუხი' });
    expect(termPairs(provider)).toEqual([
      'შედეგი: rejected',
      'მსგავსება: 41%',
      'ცოცხალი პირის შემოწმება: დიახ',
      'დოკუმენტის ტიპი: id',
      'უარის მიზეზი: Document data does not match (data_mismatch)',
    ]);

    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('shows a dash for what a result does not carry', async () => {
    const { user } = openUser();
    const dialog = within(await openDetails(user, '2026-11-22 15:00:00'));
    expect(dialog.getByText('შესადარებელი მონაცემები არ არის')).toBeInTheDocument();
    expect(dialog.getAllByText('—')).toHaveLength(5);
  });

  it('lists who looked at the customer’s data, page by page', async () => {
    const { user, fetchMock } = openUser({ [logCall]: paginatedAnswer(accessLogEntries(12)) });
    const log = await screen.findByRole('table', { name: 'წვდომის ისტორია' });
    const firstRow = within(within(log).getAllByRole('row')[1] as HTMLElement);
    expect(firstRow.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '2026-11-22 12:59:00',
      'ლევან დოლიძე',
      'გახსნა მომხმარებლის მონაცემები',
      '10.0.0.1',
    ]);
    expect(within(log).getAllByRole('row')).toHaveLength(11);

    const pages = within(screen.getByRole('navigation', { name: 'წვდომის ისტორიის გვერდები' }));
    await user.click(pages.getByRole('button', { name: 'გვერდი 2' }));
    await waitFor(() => {
      expect(within(log).getAllByRole('row')).toHaveLength(3);
    });
    expect(within(log).getByText('ნახა მომხმარებლების სიაში')).toBeInTheDocument();
    expect(requestsTo(fetchMock, logCall).map(({ url }) => url)).toEqual([
      '/api/checking/users/93/access-log?page=1&per_page=10',
      '/api/checking/users/93/access-log?page=2&per_page=10',
    ]);
  });

  it('shows the not-found screen for an unknown user, with the way back to the users', async () => {
    openUser({
      [showCall]: () =>
        jsonResponse({ status: 'error', message: 'მოთხოვნილი რესურსი ვერ მოიძებნა' }, 404),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'გვერდი ვერ მოიძებნა' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'მომხმარებლების სიაზე დაბრუნება' })).toHaveAttribute(
      'href',
      '/checking',
    );
  });

  it('goes back to the table page it was opened from', async () => {
    session.set(supportStaffFixture);
    const rows = supportRows(100).map((row) => (row.id === 93 ? { ...row, ...shownUser } : row));
    const { user, router } = renderApp('/checking?search=AB1234567', {
      'GET /api/checking/users': usersListAnswer(rows),
      [showCall]: () =>
        jsonResponse({
          status: 'success',
          user: shownUser,
          lastRequests: [approvedCheck],
          applications: [],
        }),
      [logCall]: paginatedAnswer(accessLogEntries(3)),
    });
    await user.click(await screen.findByRole('link', { name: 'ნახვა: ნიკა ქავთარაძე' }));
    await screen.findByRole('heading', { level: 1, name: 'ნიკა ქავთარაძე' });
    await user.click(screen.getByRole('link', { name: 'მომხმარებლების სიაზე დაბრუნება' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?search=AB1234567');
    });
    expect(await screen.findByRole('searchbox', { name: 'ძებნა' })).toHaveValue('AB1234567');
  });
});
