import type { StaffRole } from '@sesxi/contract';
import { redirect, type MiddlewareFunction } from 'react-router';
import { session } from '../../shared/session/session';
import { decideGuard, decideGuestGuard, type RouteAccess } from './decide-guard';

function guardMiddleware(access: RouteAccess): MiddlewareFunction {
  return ({ url }) => {
    const decision = decideGuard(session.get(), Date.now(), { pathname: url.pathname, access });
    if (decision.allow) return;
    if (decision.resetSession) session.reset();
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects are thrown Responses
    throw redirect(decision.redirectTo);
  };
}

/**
 * Route middleware runs on every navigation to any route below the one that carries it, so a
 * pathless group `{ middleware: [protectedMiddleware], children: [...] }` guards all of them.
 */
export const protectedMiddleware = guardMiddleware('customer');

/** Guards a group of staff routes: holders of `role` only, everyone else to their landing page. */
export function requireRole(role: StaffRole): MiddlewareFunction {
  return guardMiddleware(role);
}

/**
 * Guards the guest-only pages (/login, /register): a signed-in user is sent to their landing
 * page, an expired session is forgotten first.
 */
export const guestOnlyMiddleware: MiddlewareFunction = ({ url }) => {
  const decision = decideGuestGuard(session.get(), Date.now(), url.pathname);
  if (decision.resetSession) session.reset();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router redirects are thrown Responses
  if (decision.redirectTo !== undefined) throw redirect(decision.redirectTo);
};
