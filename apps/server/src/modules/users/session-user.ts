import type { SessionUser } from '@sesxi/contract';
import type { User } from './repository.ts';

/**
 * The user record of the spec that login and registration answer. `has_questionnaire` is
 * derived here and nowhere else: false until the questionnaire issue adds its table.
 */
export function sessionUserOf(user: User, apiToken: string): SessionUser {
  return {
    apiToken,
    name: user.name,
    surname: user.surname,
    phone: user.phone,
    is_sda_verified: user.isSdaVerified,
    has_questionnaire: false,
    is_identomat_verified: user.isIdentomatVerified,
    isSupport: user.isSupport,
  };
}
