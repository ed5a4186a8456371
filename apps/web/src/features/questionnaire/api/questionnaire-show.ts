import { questionnaireShow, type ResponseOf } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/** The spec issues `GET /api/questionnaires` 500 ms after the screen asks for it. */
const questionnaireFetchDelayMs = 500;

function pause(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

export const questionnaireShowKey = ['questionnaire', 'show'] as const;

export type SavedQuestionnaire = Pick<
  ResponseOf<typeof questionnaireShow>,
  'questionnaire' | 'privacy_policy_agreement_text'
>;

/**
 * `GET /api/questionnaires`: the customer's questionnaire (null before the first save) and the
 * privacy-policy agreement text, after the spec's delay.
 */
export function questionnaireShowQuery() {
  return queryOptions({
    queryKey: [...questionnaireShowKey, currentLocale()],
    queryFn: async ({ signal }): Promise<SavedQuestionnaire> => {
      await pause(questionnaireFetchDelayMs, signal);
      const { questionnaire, privacy_policy_agreement_text } = await apiRequest(questionnaireShow, {
        signal,
      });
      return { questionnaire, privacy_policy_agreement_text };
    },
  });
}
