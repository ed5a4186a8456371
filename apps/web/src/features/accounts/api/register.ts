import { register, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

export type RegistrationBody = BodyOf<typeof register>;

/** `POST /api/register`: the new, signed-in user, or field errors. */
export async function registerUser(body: RegistrationBody) {
  const { user } = await apiRequest(register, { body });
  return user;
}
