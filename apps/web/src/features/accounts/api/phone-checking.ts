import { phoneChecking } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/phone-checking`: a well-formed mobile number that no account uses yet. */
export function checkUnusedPhone(phone: string) {
  return apiRequest(phoneChecking, { body: { phone } });
}
