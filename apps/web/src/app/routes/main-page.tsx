import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentCheckCard } from '../../features/identity-verification/document-check-card';
import { ApplicationsTable } from '../../features/loans/applications/applications-table';
import { useSessionUser } from '../../shared/session/session';

/**
 * `/main`: the customer's personal page: the document check, a new application and the ones made
 * so far. It shows two features side by side, so it is composed here rather than in either.
 */
export function MainPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('main.title')}</Title>
      {user?.name && <Text size="lg">{t('main.greeting', { name: user.name })}</Text>}
      <DocumentCheckCard />
      <div>
        <Button component={Link} to="/loan">
          {t('labels.newApplication')}
        </Button>
      </div>
      <ApplicationsTable />
    </Stack>
  );
}
