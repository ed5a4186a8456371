import { staffRoles, type StaffRole } from '@sesxi/contract';
import type { StoredUser } from './session-store';

/**
 * Each staff role of the contract (which says what the role may call) and its screen: where
 * its holders land, and what the account menu calls it (`account.<label>`). The router guards
 * each screen with its role. A role the contract adds fails to compile until it has a screen.
 */
export const roleScreens = {
  support: { path: '/checking', label: 'supportUsers' },
  credit_officer: { path: '/applications', label: 'applications' },
  content_editor: { path: '/content', label: 'content' },
  admin: { path: '/staff', label: 'staff' },
} as const satisfies Record<StaffRole, { path: string; label: string }>;

export type RoleScreenLabel = (typeof roleScreens)[StaffRole]['label'];

/** The staff roles the account holds, in the contract's order. */
export function rolesOf(user: StoredUser): StaffRole[] {
  return staffRoles.filter((role) => hasRole(user, role));
}

/** Whether the account holds a staff role (the spec's `isSupport` counts as support). */
export function hasRole(user: StoredUser, role: StaffRole): boolean {
  return user.roles.includes(role) || (role === 'support' && user.isSupport);
}

/** Staff accounts skip the customer's onboarding and never see the customer's pages. */
export function isStaff(user: StoredUser): boolean {
  return user.isSupport || user.roles.length > 0;
}

/** The account signed in with a temporary password: it must choose its own first. */
export function mustChangePassword(user: StoredUser): boolean {
  return user.must_change_password === true;
}

/**
 * Where a signed-in user starts: one with a temporary password on /change-password, staff on
 * the screen of their first role in the contract's order (support on its users table, a credit
 * officer on the applications queue, a content editor on the editor, an admin on the staff
 * accounts), a customer on /main. Staff with none of these roles start on the home page.
 */
export function landingPath(user: StoredUser): string {
  if (mustChangePassword(user)) return '/change-password';
  const [first] = rolesOf(user);
  if (first) return roleScreens[first].path;
  return isStaff(user) ? '/' : '/main';
}
