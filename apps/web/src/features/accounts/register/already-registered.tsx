import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SsoIdentity } from '../api/sso-user-info';
import { SignOnButton } from './sign-on-button';

/**
 * Right after single sign-on, when an account already has the personal number: say so before
 * any form or SMS, and offer login, a password restore, or signing on as someone else.
 */
export function AlreadyRegistered({ identity }: { identity: SsoIdentity }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="orange"
        variant="light"
        role="alert"
        title={t('register.alreadyRegisteredTitle')}
      >
        <Text>
          {t('register.alreadyRegisteredText', { name: identity.name, surname: identity.surname })}
        </Text>
      </Alert>
      <Group gap="md">
        <Button component={Link} to="/login">
          {t('register.toLogin')}
        </Button>
        <Anchor component={Link} to="/restore-password">
          {t('labels.restorePassword')}
        </Anchor>
      </Group>
      <SignOnButton label={t('register.anotherPerson')} variant="default" />
    </Stack>
  );
}
