import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStartSso } from '../../../shared/sso/sso-initiate';

/** The required first step of registration: prove who you are with single sign-on. */
export function SsoStep() {
  const { t } = useTranslation();
  const sso = useStartSso();
  return (
    <Stack component="section" gap="md" aria-labelledby="register-sso-title">
      <Title order={2} size="h3" id="register-sso-title">
        {t('register.ssoTitle')}
      </Title>
      <Text>{t('register.ssoText')}</Text>
      {sso.errorMessage && (
        <Alert color="red" variant="light" role="alert">
          {sso.errorMessage}
        </Alert>
      )}
      <div>
        <Button
          loading={sso.busy}
          onClick={() => {
            sso.start({ context: 'registration' });
          }}
        >
          {t('register.ssoButton')}
        </Button>
      </div>
    </Stack>
  );
}
