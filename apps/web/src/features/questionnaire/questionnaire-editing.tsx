import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedQuestionnaire } from './api/questionnaire-show';
import { QuestionnaireData } from './questionnaire-data';
import { QuestionnaireForm } from './questionnaire-form';

interface QuestionnaireEditingProps {
  /** Called (and awaited) once the server has saved the changes: the screen goes on. */
  onSaved: () => unknown;
  /** The screen's buttons (one of type submit), and what it shows with them. */
  actions: (state: { submitting: boolean; saved: SavedQuestionnaire }) => ReactNode;
}

/**
 * Personal data editing (spec §2): the stored questionnaire, prefilled, to change and save.
 * /questionnaire-edit and an application's /questionnaire-review/{id} differ in their buttons.
 */
export function QuestionnaireEditing({ onSaved, actions }: QuestionnaireEditingProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('questionnaire.editTitle')}</Title>
      <QuestionnaireData prefill>
        {({ lookups, saved }) => (
          <QuestionnaireForm
            lookups={lookups}
            questionnaire={saved.questionnaire}
            onSaved={onSaved}
            actions={({ submitting }) => actions({ submitting, saved })}
          />
        )}
      </QuestionnaireData>
    </Stack>
  );
}
