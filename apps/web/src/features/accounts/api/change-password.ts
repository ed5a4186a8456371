import { changePassword, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/change-password`: the server revokes every session of the user afterwards. */
export function changeOwnPassword(body: BodyOf<typeof changePassword>) {
  return apiRequest(changePassword, { body });
}
