import { questionnaireSave, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

export type QuestionnairePayload = BodyOf<typeof questionnaireSave>;

/** `POST /api/questionnaires`: creates or updates the customer's one questionnaire. */
export async function saveQuestionnaire(body: QuestionnairePayload) {
  return (await apiRequest(questionnaireSave, { body })).questionnaire;
}
