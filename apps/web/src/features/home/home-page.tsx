import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productName } from '../../shared/page/product-name';
import { useSessionUser } from '../../shared/session/session';

export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('home.heading')}</Title>
      <Text size="lg">{t('home.intro', { productName: productName() })}</Text>
      <Group gap="sm">
        {user ? (
          <Button component={Link} to="/main">
            {t('account.toMain')}
          </Button>
        ) : (
          <>
            <Button component={Link} to="/register">
              {t('account.register')}
            </Button>
            <Button component={Link} to="/login" variant="outline">
              {t('account.login')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
