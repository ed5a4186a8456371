import { act, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contactFixture, customerFixture, jsonResponse, mockFetch } from '../../test/api-fixtures';
import { renderRoutes } from '../../test/render';
import { session } from '../../shared/session/session';
import { Header } from './header';

function Shell() {
  return (
    <>
      <Header />
      <Outlet />
    </>
  );
}

function renderShell() {
  mockFetch(() => jsonResponse(contactFixture));
  return renderRoutes([
    {
      Component: Shell,
      children: [
        { path: '/', element: <h1>მთავარი</h1> },
        { path: '/claims', element: <h1>საჩივრები</h1> },
      ],
    },
  ]);
}

async function openMenu(user: ReturnType<typeof renderShell>['user']) {
  await user.click(screen.getByRole('button', { name: 'მენიუ' }));
  return within(await screen.findByRole('dialog', { name: 'მენიუ' }));
}

describe('side menu', () => {
  it('opens from the burger, which reports its state', async () => {
    const { user } = renderShell();
    const burger = screen.getByRole('button', { name: 'მენიუ' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await openMenu(user);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers a credit officer the applications queue', async () => {
    session.set({ ...customerFixture, roles: ['credit_officer'] });
    const { user } = renderShell();
    const menu = await openMenu(user);
    expect(menu.getByRole('link', { name: 'განაცხადები' })).toHaveAttribute(
      'href',
      '/applications',
    );
    expect(menu.queryByRole('link', { name: 'ჩემი პროფილი' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'პაროლის შეცვლა' })).toHaveAttribute(
      'href',
      '/change-password',
    );
  });

  it('offers an admin the staff accounts', async () => {
    session.set({ ...customerFixture, roles: ['admin'] });
    const { user } = renderShell();
    const menu = await openMenu(user);
    expect(menu.getByRole('link', { name: 'თანამშრომლები' })).toHaveAttribute('href', '/staff');
  });

  it('offers a temporary password’s holder only its change and logout', async () => {
    session.set({ ...customerFixture, roles: ['admin'], must_change_password: true });
    const { user } = renderShell();
    const menu = await openMenu(user);
    expect(menu.queryByRole('link', { name: 'თანამშრომლები' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'პაროლის შეცვლა' })).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'გასვლა' })).toBeInTheDocument();
  });

  it('offers the account links, the questions and answers and the consumer-protection page', async () => {
    const { user } = renderShell();
    const menu = await openMenu(user);
    expect(menu.getByRole('link', { name: 'ხშირად დასმული კითხვები' })).toHaveAttribute(
      'href',
      '/faq',
    );
    expect(menu.getByRole('link', { name: 'შესვლა' })).toHaveAttribute('href', '/login');
    expect(menu.getByRole('link', { name: 'რეგისტრაცია' })).toHaveAttribute('href', '/register');
    expect(menu.getByRole('link', { name: 'მომხმარებელთა უფლებების დაცვა' })).toHaveAttribute(
      'href',
      '/claims',
    );
  });

  it('offers a signed-in user the same links as the header menu', async () => {
    session.set({ ...customerFixture, is_sda_verified: false });
    const { user } = renderShell();
    const menu = await openMenu(user);
    expect(menu.queryByRole('link', { name: 'ჩემი პროფილი' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'გასვლა' })).toHaveAttribute('href', '/logout');
  });

  it('shows the main branch with its hours, phone and social links', async () => {
    const { user } = renderShell();
    const menu = await openMenu(user);
    expect(await menu.findByRole('heading', { name: 'თბილისის ფილიალი' })).toBeInTheDocument();
    expect(menu.getByText('ჭავჭავაძის გამზირი 1, თბილისი')).toBeInTheDocument();
    expect(menu.getByText('ორშაბათი – პარასკევი 10:00 – 18:00')).toBeInTheDocument();
    expect(menu.getByText('შაბათი 10:00 – 14:00')).toBeInTheDocument();
    expect(menu.getByRole('link', { name: '032 2 00 00 01' })).toHaveAttribute(
      'href',
      'tel:0322000001',
    );
    const social = within(menu.getByRole('list', { name: 'სოციალური ქსელები' }));
    expect(social.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      contactFixture.socialMedia.facebook,
    );
    expect(social.getByRole('link', { name: 'YouTube' })).toBeInTheDocument();
    expect(social.getByRole('link', { name: 'LinkedIn' })).toBeInTheDocument();
  });

  it('closes when a link in it is followed', async () => {
    const { user } = renderShell();
    const menu = await openMenu(user);
    await user.click(menu.getByRole('link', { name: 'მომხმარებელთა უფლებების დაცვა' }));
    expect(await screen.findByRole('heading', { name: 'საჩივრები' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'მენიუ' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on any other navigation too', async () => {
    const { user, router } = renderShell();
    await openMenu(user);
    await act(() => router.navigate('/claims'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user } = renderShell();
    const menu = await openMenu(user);
    await user.click(menu.getByRole('button', { name: 'მენიუს დახურვა' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
