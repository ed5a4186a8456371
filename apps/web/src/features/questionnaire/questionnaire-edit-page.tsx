import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../shared/notifications/notification-store';
import { QuestionnaireEditing } from './questionnaire-editing';

/** `/questionnaire-edit`: the stored questionnaire to change, under the privacy-policy text. */
export function QuestionnaireEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <QuestionnaireEditing
      onSaved={async () => {
        notify({ type: 'success', text: t('questionnaire.saved') });
        await navigate('/main');
      }}
      actions={({ submitting, saved }) => (
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
  );
}
