import { questionnaireOptions, type ResponseOf } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

export type QuestionnaireLookups = Pick<
  ResponseOf<typeof questionnaireOptions>,
  'cities' | 'activitySpheres'
>;

/** `GET /api/questionnaires/create`: the cities and fields of activity, named in the locale. */
export function questionnaireOptionsQuery() {
  return queryOptions({
    queryKey: ['questionnaire', 'options', currentLocale()],
    queryFn: async ({ signal }): Promise<QuestionnaireLookups> => {
      const { cities, activitySpheres } = await apiRequest(questionnaireOptions, { signal });
      return { cities, activitySpheres };
    },
  });
}

export function useQuestionnaireOptions() {
  return useQuery(questionnaireOptionsQuery());
}
