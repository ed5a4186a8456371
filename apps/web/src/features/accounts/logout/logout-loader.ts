import { redirect } from 'react-router';
import { session } from '../../../shared/session/session';
import { logOut } from '../api/logout';

/**
 * `/logout`: revokes the session on the server (a failure changes nothing for the visitor),
 * forgets the stored user and goes to /login. A loader runs once per visit, so the call does
 * too.
 */
export async function logoutLoader() {
  await logOut().catch(() => undefined);
  session.reset();
  return redirect('/login');
}
