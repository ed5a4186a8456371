import { codeChecking, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/code-checking`: confirms the phone with the texted code. */
export function checkPhoneCode(body: BodyOf<typeof codeChecking>) {
  return apiRequest(codeChecking, { body });
}
