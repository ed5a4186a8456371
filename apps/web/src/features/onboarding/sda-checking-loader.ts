import { redirect } from 'react-router';
import { session } from '../../shared/session/session';

/**
 * A customer who has already agreed moves on instead of agreeing again (the route guard only
 * ever sends customers here, never away from here once they are through).
 */
export function sdaCheckingLoader() {
  const user = session.get();
  if (user?.is_sda_verified) return redirect(user.has_questionnaire ? '/main' : '/questionnaire');
  return null;
}
