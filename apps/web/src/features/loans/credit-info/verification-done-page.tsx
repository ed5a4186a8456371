import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../shared/session/session';

/** `/credit-info/redirect`: where the identity check sends a customer back after a loan's verification. */
export function VerificationDonePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('creditInfoRedirect.title')}</Title>
      <Text>{t('creditInfoRedirect.text')}</Text>
      <div>
        {user ? (
          <Button component={Link} to="/main">
            {t('account.toMain')}
          </Button>
        ) : (
          <Button component={Link} to="/login">
            {t('account.login')}
          </Button>
        )}
      </div>
    </Stack>
  );
}
