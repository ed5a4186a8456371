import { codeSending, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/code-sending`: texts a new code; a resend within 15 s answers 429. */
export function sendPhoneCode(body: BodyOf<typeof codeSending>) {
  return apiRequest(codeSending, { body });
}
