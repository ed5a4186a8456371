import { staffRoles, type StaffRole } from '@sesxi/contract';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contactFixture, customerFixture, jsonResponse, mockFetch } from '../test/api-fixtures';
import { routerContextWith } from '../shared/api/query-client';
import { roleScreens } from '../shared/session/roles';
import { session } from '../shared/session/session';
import { appRoutes } from './router';

/** A staff account holding `roles` only (support's flag follows the role, as the server sets it). */
function staffWith(...roles: StaffRole[]) {
  return { ...customerFixture, isSupport: roles.includes('support'), roles };
}

/** Where the app's real route table leaves the session now in `session` that opens `path`. */
async function landingOf(path: string): Promise<string> {
  mockFetch(() => jsonResponse(contactFixture));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(appRoutes(), {
    initialEntries: [path],
    getContext: () => routerContextWith(queryClient),
  });
  await waitFor(() => {
    expect(router.state.initialized).toBe(true);
  });
  const { pathname } = router.state.location;
  router.dispose();
  return pathname;
}

/** Another role than `role`, whose holder lands on its own screen. */
function otherThan(role: StaffRole): StaffRole {
  return staffRoles.find((other) => other !== role) as StaffRole;
}

describe.each(staffRoles.map((role) => [role, roleScreens[role].path] as const))(
  'the %s screen (%s)',
  (role, path) => {
    it('admits a holder of the role', async () => {
      session.set(staffWith(role));
      expect(await landingOf(path)).toBe(path);
    });

    it('admits a holder of the role among others', async () => {
      session.set(staffWith(otherThan(role), role));
      expect(await landingOf(path)).toBe(path);
    });

    it('sends a customer to /main', async () => {
      session.set(customerFixture);
      expect(await landingOf(path)).toBe('/main');
    });

    it('sends a staff member without the role to their own screen', async () => {
      const other = otherThan(role);
      session.set(staffWith(other));
      expect(await landingOf(path)).toBe(roleScreens[other].path);
    });

    it('sends a visitor who is not signed in to /login', async () => {
      expect(await landingOf(path)).toBe('/login');
    });
  },
);
