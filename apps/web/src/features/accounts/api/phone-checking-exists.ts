import { phoneCheckingExists } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/phone-checking-exists`: a well-formed mobile number of an account (restore). */
export function checkRegisteredPhone(phone: string) {
  return apiRequest(phoneCheckingExists, { body: { phone } });
}
