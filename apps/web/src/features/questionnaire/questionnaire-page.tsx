import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JourneyProgress } from '../../shared/ui/journey-progress';
import { QuestionnaireData } from './questionnaire-data';
import { QuestionnaireForm } from './questionnaire-form';

/** `/questionnaire`: the first questionnaire, after the SDA consent; then the personal page. */
export function QuestionnairePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={560}>
      <JourneyProgress journey="onboarding" current="questionnaire" />
      <Title order={1}>{t('questionnaire.title')}</Title>
      <Text>{t('questionnaire.intro')}</Text>
      <QuestionnaireData prefill={false}>
        {({ lookups }) => (
          <QuestionnaireForm
            lookups={lookups}
            questionnaire={null}
            onSaved={() => navigate('/main')}
            actions={({ submitting }) => (
              <div>
                <Button type="submit" loading={submitting}>
                  {t('labels.continue')}
                </Button>
              </div>
            )}
          />
        )}
      </QuestionnaireData>
    </Stack>
  );
}
