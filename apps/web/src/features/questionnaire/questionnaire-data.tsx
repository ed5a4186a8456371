import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuestionnaireOptions, type QuestionnaireLookups } from './api/questionnaire-options';
import { questionnaireShowQuery, type SavedQuestionnaire } from './api/questionnaire-show';
import { LoadFailed } from '../../shared/ui/page-parts';

interface QuestionnaireDataProps<Prefill extends boolean> {
  /** Also fetch the stored questionnaire (after the spec's delay), to prefill the form. */
  prefill: Prefill;
  children: (data: {
    lookups: QuestionnaireLookups;
    saved: Prefill extends true ? SavedQuestionnaire : null;
  }) => ReactNode;
}

/** What a questionnaire screen needs before it can show the form: a message until it is here. */
export function QuestionnaireData<Prefill extends boolean>({
  prefill,
  children,
}: QuestionnaireDataProps<Prefill>) {
  const { t } = useTranslation();
  const options = useQuestionnaireOptions();
  const saved = useQuery({ ...questionnaireShowQuery(), enabled: prefill });
  if (options.isSuccess && (!prefill || saved.isSuccess)) {
    return children({
      lookups: options.data,
      saved: (prefill ? saved.data : null) as Prefill extends true ? SavedQuestionnaire : null,
    });
  }
  const error = options.error ?? saved.error;
  if (error) {
    return <LoadFailed error={error} />;
  }
  return <Text>{t('questionnaire.loading')}</Text>;
}
