import { restorePassword } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/restore-password`: after a confirmed restore code, a new password goes by SMS. */
export function requestNewPassword(phone: string) {
  return apiRequest(restorePassword, { body: { phone } });
}
