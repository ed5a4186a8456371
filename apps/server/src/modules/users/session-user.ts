import type { SessionUser } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { createQuestionnaireRepository } from '#app/modules/questionnaires/repository.ts';
import type { UserProfile } from './repository.ts';

/**
 * The user record of the spec that login and registration answer. The onboarding flags come
 * from the database as the server's gates see them: `is_sda_verified` from the user,
 * `has_questionnaire` from the questionnaires table.
 */
export async function sessionUserOf(
  db: Database,
  user: UserProfile,
  apiToken: string,
): Promise<SessionUser> {
  return {
    apiToken,
    name: user.name,
    surname: user.surname,
    phone: user.phone,
    is_sda_verified: user.isSdaVerified,
    has_questionnaire: await createQuestionnaireRepository(db).existsFor(user.id),
    is_identomat_verified: user.isIdentomatVerified,
    isSupport: user.roles.includes('support'),
    roles: user.roles,
    must_change_password: user.mustChangePassword,
  };
}
