import type { StaffRole } from '@sesxi/contract';
import type { StoredUser } from './session-store';

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
 * Where a signed-in user starts: one with a temporary password on /change-password, support
 * on its users table, a credit officer on the applications queue, a content editor on the
 * editor, an admin on the staff accounts, a customer on /main. Staff with none of these roles
 * start on the home page.
 */
export function landingPath(user: StoredUser): string {
  if (mustChangePassword(user)) return '/change-password';
  if (hasRole(user, 'support')) return '/checking';
  if (hasRole(user, 'credit_officer')) return '/applications';
  if (hasRole(user, 'content_editor')) return '/content';
  if (hasRole(user, 'admin')) return '/staff';
  return isStaff(user) ? '/' : '/main';
}
