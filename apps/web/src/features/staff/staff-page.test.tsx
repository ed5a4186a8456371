import type { StaffAccount } from '@sesxi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bodiesSentTo,
  customerFixture,
  fieldErrors,
  jsonResponse,
  requestsTo,
  type ApiAnswer,
} from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

const admin = { ...customerFixture, phone: '599000005', roles: ['admin' as const] };

const account = (changes: Partial<StaffAccount>): StaffAccount => ({
  id: 1,
  phone: '599000001',
  name: 'თამარ',
  surname: 'ლომიძე',
  roles: ['support'],
  is_machine: false,
  personal_number: '*******0101',
  disabled_at: null,
  last_signed_in_at: '2026-11-23 14:00:00',
  must_change_password: false,
  is_sandbox: false,
  ...changes,
});

const tamar = account({});
const machine = account({
  id: 2,
  phone: '598111224',
  name: 'ბირთვი',
  surname: 'სისტემა',
  roles: ['credit_officer'],
  is_machine: true,
  personal_number: null,
  last_signed_in_at: null,
});
const self = account({
  id: 5,
  phone: admin.phone,
  name: 'ეთერ',
  surname: 'გოგოლაძე',
  roles: ['admin'],
  personal_number: '*******0105',
});

/** The list as the server keeps it: each change answers the account and shows in the next list. */
function staffServer(accounts: StaffAccount[]) {
  const current = new Map(accounts.map((one) => [one.id, one]));
  const changed = (id: number, changes: Partial<StaffAccount>) => {
    const updated = { ...(current.get(id) ?? tamar), ...changes };
    current.set(id, updated);
    return jsonResponse({ status: 'success', account: updated });
  };
  const answers: Record<string, ApiAnswer> = {
    'GET /api/staff': () => jsonResponse({ status: 'success', staff: [...current.values()] }),
  };
  for (const one of accounts) {
    answers[`POST /api/staff/${String(one.id)}/disable`] = () =>
      changed(one.id, { disabled_at: '2026-11-24 10:00:00' });
    answers[`POST /api/staff/${String(one.id)}/enable`] = () =>
      changed(one.id, { disabled_at: null });
    answers[`PUT /api/staff/${String(one.id)}/roles`] = (body) =>
      changed(one.id, body as Partial<StaffAccount>);
    answers[`POST /api/staff/${String(one.id)}/revoke-tokens`] = () =>
      jsonResponse({ status: 'success', account: current.get(one.id), revoked: 2 });
  }
  return answers;
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'თანამშრომლების ანგარიშები' });
  const header = await within(table).findByRole('rowheader', { name: new RegExp(name) });
  return within(header.closest('tr') as HTMLElement);
}

beforeEach(() => {
  session.set(admin);
});

describe('/staff', () => {
  it('is for admins only', async () => {
    session.set({ ...customerFixture, roles: ['support'] });
    const { router } = renderApp('/staff', { 'GET /api/checking/users': () => jsonResponse({}) });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/checking');
    });
  });

  it('lists the staff: roles, the masked personal number, the state and the last sign-in', async () => {
    renderApp('/staff', staffServer([tamar, machine, self]));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'თანამშრომლების ანგარიშები' }),
    ).toBeInTheDocument();
    const row = await rowOf('თამარ ლომიძე');
    expect(row.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '599000001',
      'მხარდაჭერა',
      '*******0101',
      '✓ აქტიური',
      '2026-11-23 14:00:00',
      'როლებისესიების დასრულებადაბლოკვა',
    ]);
    const service = await rowOf('ბირთვი სისტემა');
    expect(service.getByRole('rowheader')).toHaveTextContent('სერვისის ანგარიში');
    expect(service.getAllByRole('cell')[4]).toHaveTextContent('არასდროს');
    // An admin cannot disable their own account: there is no button for it.
    const own = await rowOf('ეთერ გოგოლაძე');
    expect(own.getByRole('rowheader')).toHaveTextContent('(თქვენ)');
    expect(own.queryByRole('button', { name: /დაბლოკვა/ })).not.toBeInTheDocument();
  });

  it('disables an account after a confirmation, and enables it again', async () => {
    const { user, fetchMock } = renderApp('/staff', staffServer([tamar, self]));
    const row = await rowOf('თამარ ლომიძე');
    await user.click(row.getByRole('button', { name: 'თამარ ლომიძე: ანგარიშის დაბლოკვა' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'დავბლოკოთ ანგარიში?' }));
    expect(
      dialog.getByText(
        'თამარ ლომიძე ვეღარ შევა სისტემაში, ხოლო მისი ყველა სესია და ტოკენი მაშინვე დასრულდება.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/staff/1/disable')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'დაბლოკვა' }));
    expect(await screen.findByText('თამარ ლომიძე: ანგარიში დაიბლოკა')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/staff/1/disable')).toHaveLength(1);
    const disabled = await rowOf('თამარ ლომიძე');
    expect(await disabled.findByText('დაბლოკილია 2026-11-24 10:00:00')).toBeInTheDocument();

    await user.click(disabled.getByRole('button', { name: 'თამარ ლომიძე: ანგარიშის განბლოკვა' }));
    expect(await (await rowOf('თამარ ლომიძე')).findByText('აქტიური')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/staff/1/enable')).toHaveLength(1);
  });

  it('sets the roles; an admin keeps their own admin role', async () => {
    const { user, fetchMock } = renderApp('/staff', staffServer([tamar, self]));
    await user.click(
      (await rowOf('თამარ ლომიძე')).getByRole('button', { name: 'თამარ ლომიძე: როლების შეცვლა' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'თამარ ლომიძე: როლები' }));
    await user.click(dialog.getByRole('checkbox', { name: 'საკრედიტო ოფიცერი' }));
    await user.click(dialog.getByRole('checkbox', { name: 'მხარდაჭერა' }));
    await user.click(dialog.getByRole('button', { name: 'შენახვა' }));
    await waitFor(() => {
      expect(bodiesSentTo(fetchMock, 'PUT /api/staff/1/roles')).toEqual([
        { roles: ['credit_officer'] },
      ]);
    });
    expect(await (await rowOf('თამარ ლომიძე')).findByText('საკრედიტო ოფიცერი')).toBeInTheDocument();

    await user.click(
      (await rowOf('ეთერ გოგოლაძე')).getByRole('button', { name: 'ეთერ გოგოლაძე: როლების შეცვლა' }),
    );
    const own = within(await screen.findByRole('dialog', { name: 'ეთერ გოგოლაძე: როლები' }));
    expect(own.getByRole('checkbox', { name: 'ადმინისტრატორი' })).toBeDisabled();
    expect(own.getByRole('checkbox', { name: 'ადმინისტრატორი' })).toBeChecked();
  });

  it('shows a refusal in the dialog, in the server’s words', async () => {
    const answers = staffServer([tamar, self]);
    answers['PUT /api/staff/1/roles'] = () =>
      fieldErrors({ roles: ['თანამშრომლის ანგარიშს მინიმუმ ერთი როლი უნდა ჰქონდეს'] });
    const { user } = renderApp('/staff', answers);
    await user.click(
      (await rowOf('თამარ ლომიძე')).getByRole('button', { name: 'თამარ ლომიძე: როლების შეცვლა' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'თამარ ლომიძე: როლები' }));
    await user.click(dialog.getByRole('checkbox', { name: 'მხარდაჭერა' }));
    await user.click(dialog.getByRole('button', { name: 'შენახვა' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'თანამშრომლის ანგარიშს მინიმუმ ერთი როლი უნდა ჰქონდეს',
    );
  });

  it('ends an account’s sessions and tokens after a confirmation', async () => {
    const { user, fetchMock } = renderApp('/staff', staffServer([machine, self]));
    await user.click(
      (await rowOf('ბირთვი სისტემა')).getByRole('button', {
        name: 'ბირთვი სისტემა: სესიების დასრულება',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'დავასრულოთ სესიები?' }));
    await user.click(dialog.getByRole('button', { name: 'სესიების დასრულება' }));
    expect(
      await screen.findByText('ბირთვი სისტემა: დასრულდა სესიები და ტოკენები (2)'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/staff/2/revoke-tokens')).toHaveLength(1);
  });
});
