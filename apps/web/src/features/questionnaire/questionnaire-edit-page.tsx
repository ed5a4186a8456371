import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/notifications/notification-store';
import { QuestionnaireData } from './questionnaire-data';
import { QuestionnaireForm } from './questionnaire-form';

/** `/questionnaire-edit`: the stored questionnaire to change, under the privacy-policy text. */
export function QuestionnaireEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('questionnaire.editTitle')}</Title>
      <QuestionnaireData prefill>
        {({ lookups, saved }) => (
          <QuestionnaireForm
            lookups={lookups}
            questionnaire={saved.questionnaire}
            onSaved={async () => {
              notify({ type: 'success', text: t('questionnaire.saved') });
              await navigate('/main');
            }}
            actions={({ submitting }) => (
              <>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {saved.privacy_policy_agreement_text}
                </Text>
                <div>
                  <Button type="submit" loading={submitting}>
                    {t('questionnaire.save')}
                  </Button>
                </div>
              </>
            )}
          />
        )}
      </QuestionnaireData>
    </Stack>
  );
}
