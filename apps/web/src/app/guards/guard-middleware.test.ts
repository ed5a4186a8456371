import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { session } from '../../shared/session/session';
import { sessionKey } from '../../shared/session/session-store';
import { protectedMiddleware, supportMiddleware } from './guard-middleware';

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
      { path: '/login', ...page },
      { path: '/main', ...page },
      { path: '/sda-checking', ...page },
      { middleware: [protectedMiddleware], children: [{ path: '/loan', ...page }] },
      { middleware: [supportMiddleware], children: [{ path: '/checking', ...page }] },
    ],
    { initialEntries: [path] },
  );
}

async function landingOf(path: string): Promise<string> {
  const router = startAt(path);
  await vi.waitFor(() => {
    expect(router.state.initialized).toBe(true);
  });
  const { pathname } = router.state.location;
  router.dispose();
  return pathname;
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
    expect(await landingOf('/loan')).toBe('/login');
    expect(session.get()).toBeNull();
    expect(localStorage.getItem(sessionKey)).toBeNull();
  });

  it('keeps customers out of support routes', async () => {
    session.set(customer);
    expect(await landingOf('/checking')).toBe('/main');
    session.set({ ...customer, isSupport: true, roles: ['support'] });
    expect(await landingOf('/checking')).toBe('/checking');
  });
});
