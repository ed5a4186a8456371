import type { StaffRole } from '@sesxi/contract';
import { hasRole, isStaff, landingPath, mustChangePassword } from '../../shared/session/roles';
import { isExpired, type StoredUser } from '../../shared/session/session-store';

/** Who may open a route: any signed-in customer, or staff holding one role. */
export type RouteAccess = 'customer' | StaffRole;

export interface GuardedRoute {
  pathname: string;
  access: RouteAccess;
}

export type GuardDecision =
  { allow: true } | { allow: false; redirectTo: string; resetSession: boolean };

const allow: GuardDecision = { allow: true };

function redirectTo(path: string, resetSession = false): GuardDecision {
  return { allow: false, redirectTo: path, resetSession };
}

/** Pages that are never gated, even when someone wraps them in a guard. */
const ungatedPages = new Set(['/login', '/register']);

/** Logging out must work whatever state the profile is in. */
const profileGateFreePages = new Set(['/logout']);

/** The customers' pages staff may open too: their own account's. */
const staffAccountPages = new Set(['/logout', '/change-password']);

/** All a session with a temporary password may open, until it is changed. */
const temporaryPasswordPages = staffAccountPages;

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Where an expired session goes: /login, which says why. */
export const loginAfterExpiry = '/login?reason=expired';

/** What a guest-only page does first: forget an expired session, send someone elsewhere. */
export interface GuestDecision {
  resetSession: boolean;
  redirectTo?: string;
}

/**
 * The guest-only pages (/login, /register): a signed-in user goes to their landing page (a
 * customer to /main). An expired session is forgotten; /login then says it expired.
 */
export function decideGuestGuard(
  user: StoredUser | null,
  now: number,
  pathname: string,
): GuestDecision {
  if (!user) return { resetSession: false };
  if (isExpired(user, now)) {
    return normalize(pathname) === '/login'
      ? { resetSession: true, redirectTo: loginAfterExpiry }
      : { resetSession: true };
  }
  return { resetSession: false, redirectTo: landingPath(user) };
}

/**
 * The spec's route guard, in its order: no stored user → /login; expired → reset and /login;
 * not SDA-verified → /sda-checking; no questionnaire → /questionnaire. Before the profile's
 * gates, a temporary password → /change-password (the server serves nothing else until it is
 * changed). Staff skip the profile gates: a role's routes let its holders through and send
 * everyone else to their landing page, and of the customers' pages staff open only their
 * account's (the rest send them to their landing page). A gate never sends a page to itself.
 */
export function decideGuard(
  user: StoredUser | null,
  now: number,
  route: GuardedRoute,
): GuardDecision {
  const pathname = normalize(route.pathname);
  if (ungatedPages.has(pathname)) return allow;
  if (!user) return redirectTo('/login');
  if (isExpired(user, now)) return redirectTo(loginAfterExpiry, true);
  if (mustChangePassword(user)) {
    return temporaryPasswordPages.has(pathname) ? allow : redirectTo('/change-password');
  }
  if (route.access !== 'customer') {
    return hasRole(user, route.access) ? allow : redirectTo(landingPath(user));
  }
  if (isStaff(user)) {
    return staffAccountPages.has(pathname) ? allow : redirectTo(landingPath(user));
  }
  if (profileGateFreePages.has(pathname)) return allow;
  // Until SDA consent, /sda-checking is the only page: the questionnaire gate would bounce back.
  if (!user.is_sda_verified) {
    return pathname === '/sda-checking' ? allow : redirectTo('/sda-checking');
  }
  if (!user.has_questionnaire && pathname !== '/questionnaire') return redirectTo('/questionnaire');
  return allow;
}
