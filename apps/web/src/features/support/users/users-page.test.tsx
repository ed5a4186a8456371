import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerFixture, fieldErrors, jsonResponse, requestsTo } from '../../../test/api-fixtures';
import { renderApp } from '../../../test/render-app';
import { session } from '../../../shared/session/session';
import { supportRows, supportStaffFixture, usersListAnswer } from '../test-fixtures';

const listCall = 'GET /api/checking/users';
const tooShort = 'ძებნისთვის შეიყვანეთ მინიმუმ 3 სიმბოლო ან მომხმარებლის ID';

function openTable(path = '/checking', rows = supportRows(40)) {
  session.set(supportStaffFixture);
  return renderApp(path, { [listCall]: usersListAnswer(rows) });
}

/** The query of each list call, as `page per_page search`. */
function listQueries(fetchMock: ReturnType<typeof openTable>['fetchMock']): string[] {
  return requestsTo(fetchMock, listCall).map(({ url }) => {
    const query = new URL(url, 'http://localhost').searchParams;
    return `${query.get('page') ?? ''} ${query.get('per_page') ?? ''} ${query.get('search') ?? ''}`;
  });
}

const table = () => screen.findByRole('table', { name: 'მომხმარებლები' });

async function bodyRows() {
  const rows = within(await table()).getAllByRole('row');
  return rows.slice(1);
}

describe('/checking', () => {
  it('lists the first page with the spec’s columns, newest first', async () => {
    const { fetchMock } = openTable();
    expect(await screen.findByText('იტვირთება…')).toBeInTheDocument();
    const users = await table();
    expect(
      within(users)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'ID',
      'სახელი',
      'გვარი',
      'დოკუმენტის ტიპი',
      'დოკუმენტის ნომერი',
      'პირადი ნომერი',
      'ვერიფიცირებული',
      'მოქმედებები',
    ]);
    const rows = await bodyRows();
    expect(rows).toHaveLength(15);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('rowheader')).toHaveTextContent('40');
    expect(first.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'გიორგი',
      'ბერიძე',
      'პასპორტი',
      'AB0000040',
      '01001000040',
      '✗ არა',
      'ნახვა',
    ]);
    expect(first.getByRole('link', { name: 'ნახვა: გიორგი ბერიძე' })).toHaveAttribute(
      'href',
      '/checking/users/40',
    );
    expect(within(rows[1] as HTMLElement).getByText('დიახ')).toBeInTheDocument();
    expect(screen.getByText('ნაპოვნია: 40')).toBeInTheDocument();
    expect(listQueries(fetchMock)).toEqual(['1 15 ']);
    expect(requestsTo(fetchMock, listCall)[0]?.headers.get('Authorization')).toBe(
      'Bearer token-support',
    );
  });

  it('searches once typing pauses, from the first page, and keeps the search in the address', async () => {
    const { user, router, fetchMock } = openTable('/checking?page=2');
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'ძებნა' }), ' 0000012 ');
    expect(listQueries(fetchMock)).toEqual(['2 15 ']);

    await waitFor(() => {
      expect(listQueries(fetchMock)).toEqual(['2 15 ', '1 15 0000012']);
    });
    await waitFor(async () => {
      expect(await bodyRows()).toHaveLength(1);
    });
    expect(router.state.location.search).toBe('?search=0000012');
    expect(screen.getByRole('searchbox', { name: 'ძებნა' })).toHaveValue(' 0000012 ');
  });

  it('waits for three characters before it searches, and says so under the field', async () => {
    const { user, fetchMock } = openTable();
    await table();
    const search = screen.getByRole('searchbox', { name: 'ძებნა' });
    expect(search).toHaveAccessibleDescription(
      'სახელი, გვარი, პირადი ნომერი, დოკუმენტის ნომერი ან ტელეფონი (მინიმუმ 3 სიმბოლო), ან მომხმარებლის ID',
    );
    await user.type(search, 'AB');
    await waitFor(() => {
      expect(search).toHaveAccessibleDescription(expect.stringContaining(tooShort));
    });
    expect(search).toBeInvalid();
    expect(listQueries(fetchMock)).toEqual(['1 15 ']);
    expect(await bodyRows()).toHaveLength(15);

    await user.type(search, '0');
    expect(search).not.toHaveAccessibleDescription(expect.stringContaining(tooShort));
    await waitFor(() => {
      expect(listQueries(fetchMock)).toEqual(['1 15 ', '1 15 AB0']);
    });
    expect(search).toBeValid();
  });

  it('searches by a customer’s id of one or two digits', async () => {
    const { user, router, fetchMock } = openTable();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'ძებნა' }), '7');
    await waitFor(async () => {
      expect(await bodyRows()).toHaveLength(1);
    });
    expect(within((await bodyRows())[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      '7',
    );
    expect(listQueries(fetchMock)).toEqual(['1 15 ', '1 15 7']);
    expect(router.state.location.search).toBe('?search=7');
    expect(screen.getByRole('searchbox', { name: 'ძებნა' })).toBeValid();
  });

  it('says the server’s refusal of a search under the field and keeps the table', async () => {
    const refusal = 'ძებნისთვის საჭიროა მინიმუმ 3 სიმბოლო';
    const list = usersListAnswer(supportRows(40));
    session.set(supportStaffFixture);
    const { user, fetchMock } = renderApp('/checking', {
      [listCall]: (body, query) =>
        query.get('search') === '7' ? fieldErrors({ search: [refusal] }) : list(body, query),
    });
    await table();
    const search = screen.getByRole('searchbox', { name: 'ძებნა' });
    await user.type(search, '7');
    await waitFor(() => {
      expect(search).toHaveAccessibleDescription(expect.stringContaining(refusal));
    });
    expect(search).toBeInvalid();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const rows = await bodyRows();
    expect(rows).toHaveLength(15);
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/checking/users/40',
    );

    await user.type(search, '0');
    expect(search).not.toHaveAccessibleDescription(expect.stringContaining(refusal));
    await waitFor(() => {
      expect(listQueries(fetchMock)).toEqual(['1 15 ', '1 15 7', '1 15 70']);
    });
    expect(search).toBeValid();
  });

  it('ignores a search in the address that is too short to search by', async () => {
    const { fetchMock } = openTable('/checking?search=AB');
    await table();
    expect(listQueries(fetchMock)).toEqual(['1 15 ']);
    expect(screen.getByRole('searchbox', { name: 'ძებნა' })).toHaveValue('');
  });

  it('says “more than” when the server caps the count of a broad search', async () => {
    session.set(supportStaffFixture);
    renderApp('/checking?search=010', { [listCall]: usersListAnswer(supportRows(40), 30) });
    expect(await screen.findByText('ნაპოვნია 30-ზე მეტი')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'გვერდი 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'გვერდი 3' })).not.toBeInTheDocument();
  });

  it('pages through the table, and back returns to the previous page', async () => {
    const { user, router, fetchMock } = openTable();
    await table();
    await user.click(screen.getByRole('button', { name: 'გვერდი 2' }));
    await waitFor(async () => {
      expect(within((await bodyRows())[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
        '25',
      );
    });
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'გვერდი 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(screen.getByRole('button', { name: 'შემდეგი გვერდი' }));
    await waitFor(async () => {
      expect(await bodyRows()).toHaveLength(10);
    });
    expect(router.state.location.search).toBe('?page=3');

    await router.navigate(-1);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'გვერდი 2' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });
    expect(listQueries(fetchMock).slice(0, 3)).toEqual(['1 15 ', '2 15 ', '3 15 ']);
  });

  it('changes the page size and starts again from the first page', async () => {
    const { user, router, fetchMock } = openTable('/checking?page=2');
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'ჩანაწერები გვერდზე' }), '25');
    await waitFor(async () => {
      expect(await bodyRows()).toHaveLength(25);
    });
    expect(router.state.location.search).toBe('?per_page=25');
    expect(listQueries(fetchMock)).toEqual(['2 15 ', '1 25 ']);
  });

  it('offers only the page sizes 10, 15, 25 and 50, and ignores any other in the address', async () => {
    const { fetchMock } = openTable('/checking?per_page=1000&page=-3');
    await table();
    const sizes = within(screen.getByRole('combobox', { name: 'ჩანაწერები გვერდზე' }));
    expect(sizes.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10',
      '15',
      '25',
      '50',
    ]);
    expect(listQueries(fetchMock)).toEqual(['1 15 ']);
  });

  it('says so when nothing matches, without a table or page links', async () => {
    openTable('/checking?search=' + encodeURIComponent('%_\\'));
    expect(await screen.findByText('მომხმარებლები ვერ მოიძებნა')).toBeInTheDocument();
    expect(screen.getByText('ნაპოვნია: 0')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'მომხმარებლები' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'მომხმარებლების სიის გვერდები' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'ძებნა' })).toHaveValue('%_\\');
  });

  it('shows the address’s search again after back and forward', async () => {
    const { router } = openTable('/checking?search=' + encodeURIComponent('ბერიძე'));
    await table();
    await router.navigate('/checking?search=' + encodeURIComponent('ნინო'));
    const search = screen.getByRole('searchbox', { name: 'ძებნა' });
    await waitFor(() => {
      expect(search).toHaveValue('ნინო');
    });
    await router.navigate(-1);
    await waitFor(() => {
      expect(search).toHaveValue('ბერიძე');
    });
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    session.set(supportStaffFixture);
    renderApp('/checking', {
      [listCall]: () =>
        jsonResponse({ status: 'error', message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ' }, 403),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ამ მოქმედების შესრულების უფლება არ გაქვთ',
    );
  });

  it('says a page past the last is not there, instead of a count beside no users, and links to the first', async () => {
    const { user, router } = openTable('/checking?page=999&per_page=25');
    expect(
      await screen.findByText('გვერდი 999 არ არსებობს: სიაში სულ 2 გვერდია.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('მომხმარებლები ვერ მოიძებნა')).not.toBeInTheDocument();
    expect(screen.queryByText(/ნაპოვნია/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'პირველ გვერდზე გადასვლა' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?per_page=25');
    });
    expect(await bodyRows()).toHaveLength(25);
  });

  it('sends a customer who is not support staff to /main, without asking for the list', async () => {
    session.set(customerFixture);
    const { router, fetchMock } = renderApp('/checking/users/5');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    await router.navigate('/checking');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/main');
    });
    expect(requestsTo(fetchMock, listCall)).toEqual([]);
  });

  it('sends a visitor who is not signed in to /login', async () => {
    const { router } = renderApp('/checking');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });
});
