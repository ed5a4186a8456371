import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session';
import { DocumentCheckCard } from '../identity-verification/document-check-card';

/** `/main`: the customer's personal page. */
export function MainPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('main.title')}</Title>
      {user?.name && <Text size="lg">{t('main.greeting', { name: user.name })}</Text>}
      <DocumentCheckCard />
    </Stack>
  );
}
