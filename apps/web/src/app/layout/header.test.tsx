import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerFixture } from '../../test/api-fixtures';
import { renderRoutes } from '../../test/render';
import { session } from '../../shared/session/session';
import { Header } from './header';

function renderHeader() {
  return renderRoutes([{ path: '*', Component: Header }]);
}

async function openUserMenu(name: string) {
  const { user } = renderHeader();
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('menu'));
}

describe('header', () => {
  it('offers login and register to signed-out visitors', () => {
    renderHeader();
    const account = within(screen.getByRole('navigation', { name: 'ანგარიში' }));
    expect(account.getByRole('link', { name: 'შესვლა' })).toHaveAttribute('href', '/login');
    expect(account.getByRole('link', { name: 'რეგისტრაცია' })).toHaveAttribute('href', '/register');
    expect(screen.queryByText('მომხმარებელი')).not.toBeInTheDocument();
  });

  it('links the product name to the home page', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sesxi' })).toHaveAttribute('href', '/');
  });

  it('shows the signed-in user’s name and surname with the account menu', async () => {
    session.set(customerFixture);
    const menu = await openUserMenu('ნინო კაპანაძე');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'ჩემი პროფილი',
      'ჩემი დოკუმენტები',
      'მონაცემების რედაქტირება',
      'პაროლის შეცვლა',
      'გასვლა',
    ]);
    expect(menu.getByRole('menuitem', { name: 'ჩემი პროფილი' })).toHaveAttribute('href', '/main');
    expect(menu.getByRole('menuitem', { name: 'ჩემი დოკუმენტები' })).toHaveAttribute(
      'href',
      '/documents',
    );
    expect(menu.getByRole('menuitem', { name: 'გასვლა' })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('link', { name: 'შესვლა' })).not.toBeInTheDocument();
  });

  it('names the user in full to screen readers and in the menu, with initials for phones', async () => {
    session.set(customerFixture);
    const menu = await openUserMenu('ნინო კაპანაძე');
    const button = screen.getByRole('button', { name: 'ნინო კაპანაძე' });
    expect(within(button).getByText('ნკ')).toHaveAttribute('aria-hidden', 'true');
    expect(menu.getByText('ნინო კაპანაძე')).toBeInTheDocument();
  });

  it('shows the default label when the user has no name', async () => {
    session.set({ ...customerFixture, name: '', surname: '' });
    const menu = await openUserMenu('მომხმარებელი');
    expect(menu.getAllByRole('menuitem')).toHaveLength(5);
  });

  it('offers my profile and my documents only to SDA-verified users', async () => {
    session.set({ ...customerFixture, is_sda_verified: false });
    const menu = await openUserMenu('ნინო კაპანაძე');
    expect(menu.queryByRole('menuitem', { name: 'ჩემი პროფილი' })).not.toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'ჩემი დოკუმენტები' })).not.toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'მონაცემების რედაქტირება' })).toHaveAttribute(
      'href',
      '/questionnaire-edit',
    );
  });

  it('offers support staff their user table first', async () => {
    session.set({
      ...customerFixture,
      isSupport: true,
      roles: ['support'],
      is_sda_verified: false,
    });
    const menu = await openUserMenu('ნინო კაპანაძე');
    expect(menu.getAllByRole('menuitem')[0]).toHaveTextContent('მომხმარებლები');
    expect(menu.getByRole('menuitem', { name: 'მომხმარებლები' })).toHaveAttribute(
      'href',
      '/checking',
    );
  });

  it('offers credit officers the applications and their account, not the customer’s pages', async () => {
    session.set({ ...customerFixture, roles: ['credit_officer'], is_sda_verified: false });
    const menu = await openUserMenu('ნინო კაპანაძე');
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'განაცხადები',
      'პაროლის შეცვლა',
      'გასვლა',
    ]);
    expect(menu.getByRole('menuitem', { name: 'განაცხადები' })).toHaveAttribute(
      'href',
      '/applications',
    );
  });

  it('follows the session as it changes', async () => {
    renderHeader();
    session.set(customerFixture);
    expect(await screen.findByRole('button', { name: 'ნინო კაპანაძე' })).toBeInTheDocument();
    session.reset();
    expect(await screen.findByRole('link', { name: 'შესვლა' })).toBeInTheDocument();
  });
});
