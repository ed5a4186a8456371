import '@mantine/core/styles/Paper.layer.css';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session';
import { startDocumentCheck } from './api/identomat-session';
import { documentCheckFailureMessage } from './failure-message';
import { ErrorAlert } from '../../shared/ui/error-alert';

async function goToDocumentCheck(): Promise<void> {
  window.location.assign(await startDocumentCheck());
}

/** On /main, for customers whose identity document is not verified yet: starts the check. */
export function DocumentCheckCard() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const start = useMutation({ mutationFn: goToDocumentCheck });

  if (!user || user.is_identomat_verified) return null;
  // Still busy after success: the page is about to be replaced by the provider's.
  const busy = start.isPending || start.isSuccess;
  return (
    <Paper component="section" withBorder p="lg" aria-labelledby="document-check-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="document-check-title">
          {t('identomat.title')}
        </Title>
        <Text>{t('identomat.intro')}</Text>
        <ErrorAlert message={start.error ? documentCheckFailureMessage(start.error) : undefined} />
        <div>
          <Button
            loading={busy}
            onClick={() => {
              start.mutate();
            }}
          >
            {t('identomat.start')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
