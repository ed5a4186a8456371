import type { SessionUser } from '@sesxi/contract';
import type { UserProfile } from './repository.ts';

/**
 * The user record of the spec that login and registration answer. The onboarding flags come
 * from the database as the server's gates see them: `is_sda_verified` from the user,
 * `has_questionnaire` from the questionnaires table (the caller asks the questionnaires module:
 * users lies below it).
 */
export function sessionUserOf(
  user: UserProfile,
  apiToken: string,
  hasQuestionnaire: boolean,
): SessionUser {
  return {
    apiToken,
    name: user.name,
    surname: user.surname,
    phone: user.phone,
    is_sda_verified: user.isSdaVerified,
    has_questionnaire: hasQuestionnaire,
    is_identomat_verified: user.isIdentomatVerified,
    isSupport: user.roles.includes('support'),
    roles: user.roles,
    must_change_password: user.mustChangePassword,
  };
}
