import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SignOnButton } from './sign-on-button';

/** The required first step of registration: prove who you are with single sign-on. */
export function SsoStep() {
  const { t } = useTranslation();
  return (
    <Stack component="section" gap="md" aria-labelledby="register-sso-title">
      <Title order={2} size="h3" id="register-sso-title">
        {t('register.ssoTitle')}
      </Title>
      <Text>{t('register.ssoText')}</Text>
      <SignOnButton label={t('register.ssoButton')} />
    </Stack>
  );
}
