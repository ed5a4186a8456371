import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { session } from '../../shared/session/session';
import { sessionKey } from '../../shared/session/session-keys';
import { guestOnlyMiddleware, protectedMiddleware, requireRole } from './guard-middleware';
import { waitFor } from '@testing-library/react';

const customer = {
  apiToken: 'token',
  name: 'გიორგი',
  surname: 'ბერიძე',
  phone: '599000001',
  is_sda_verified: true,
  has_questionnaire: true,
  is_identomat_verified: true,
  isSupport: false,
  roles: [],
};

function startAt(path: string) {
  const page = { Component: () => null };
  return createMemoryRouter(
    [
      { path: '/login', middleware: [guestOnlyMiddleware], ...page },
      { path: '/register', middleware: [guestOnlyMiddleware], ...page },
      { path: '/main', ...page },
      { path: '/sda-checking', ...page },
      {
        middleware: [protectedMiddleware],
        children: [
          { path: '/loan', ...page },
          { path: '/change-password', ...page },
        ],
      },
      { middleware: [requireRole('support')], children: [{ path: '/checking', ...page }] },
      {
        middleware: [requireRole('credit_officer')],
        children: [{ path: '/applications', ...page }],
      },
    ],
    { initialEntries: [path] },
  );
}

async function landingOf(path: string, { withSearch = false } = {}): Promise<string> {
  const router = startAt(path);
  await waitFor(() => {
    expect(router.state.initialized).toBe(true);
  });
  const { pathname, search } = router.state.location;
  router.dispose();
  return withSearch ? `${pathname}${search}` : pathname;
}

describe('guard middleware', () => {
  it('redirects a signed-out visitor to /login', async () => {
    expect(await landingOf('/loan')).toBe('/login');
  });

  it('lets a complete profile through', async () => {
    session.set(customer);
    expect(await landingOf('/loan')).toBe('/loan');
  });

  it('applies the profile gates', async () => {
    session.set({ ...customer, is_sda_verified: false });
    expect(await landingOf('/loan')).toBe('/sda-checking');
  });

  it('resets an expired session before redirecting to /login', async () => {
    localStorage.setItem(
      sessionKey,
      JSON.stringify({ ...customer, expireMinutes: Date.now() - 1 }),
    );
    session.reload();
    expect(await landingOf('/loan', { withSearch: true })).toBe('/login?reason=expired');
    expect(session.get()).toBeNull();
    expect(localStorage.getItem(sessionKey)).toBeNull();
  });

  it('keeps customers out of support routes', async () => {
    session.set(customer);
    expect(await landingOf('/checking')).toBe('/main');
    session.set({ ...customer, isSupport: true, roles: ['support'] });
    expect(await landingOf('/checking')).toBe('/checking');
  });

  it('sends staff to their landing page from customer pages, and lets them change the password', async () => {
    const officer = {
      ...customer,
      is_sda_verified: false,
      has_questionnaire: false,
      roles: ['credit_officer' as const],
    };
    session.set(officer);
    expect(await landingOf('/loan')).toBe('/applications');
    expect(await landingOf('/checking')).toBe('/applications');
    expect(await landingOf('/applications')).toBe('/applications');
    expect(await landingOf('/change-password')).toBe('/change-password');
    session.set({ ...officer, isSupport: true, roles: ['support'] });
    expect(await landingOf('/applications')).toBe('/checking');
  });

  it('sends a signed-in customer from /login and /register to /main', async () => {
    expect(await landingOf('/login')).toBe('/login');
    expect(await landingOf('/register')).toBe('/register');
    session.set(customer);
    expect(await landingOf('/login')).toBe('/main');
    expect(await landingOf('/register')).toBe('/main');
  });

  it('forgets an expired session on /login and says why', async () => {
    localStorage.setItem(
      sessionKey,
      JSON.stringify({ ...customer, expireMinutes: Date.now() - 1 }),
    );
    session.reload();
    expect(await landingOf('/login', { withSearch: true })).toBe('/login?reason=expired');
    expect(session.get()).toBeNull();
  });
});
