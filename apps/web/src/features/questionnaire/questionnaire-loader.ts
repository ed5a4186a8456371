import { redirect } from 'react-router';
import { session } from '../../shared/session/session';

/** The first questionnaire is filled in once; afterwards /questionnaire-edit changes it. */
export function questionnaireLoader() {
  return session.get()?.has_questionnaire ? redirect('/main') : null;
}
