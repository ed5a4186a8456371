import { logout } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/logout`: revokes the session of the stored token. */
export function logOut() {
  return apiRequest(logout);
}
