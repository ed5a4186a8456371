import { login, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/login`: the signed-in user, or field errors under phone and password. */
export async function logIn(body: BodyOf<typeof login>) {
  const { user } = await apiRequest(login, { body });
  return user;
}
