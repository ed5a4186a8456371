import { ssoCallback, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/sso/callback`: completes the transaction once; answers where it started. */
export async function completeSsoTransaction(body: BodyOf<typeof ssoCallback>) {
  const { state } = await apiRequest(ssoCallback, { body });
  return state;
}
