import '@mantine/core/styles/Paper.layer.css';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session';
import { startDocumentCheck } from './api/identomat-session';
import { documentCheckFailureMessage } from './failure-message';
import { ErrorAlert } from '../../shared/ui/error-alert';
import classes from './document-check-card.module.css';

async function goToDocumentCheck(): Promise<void> {
  window.location.assign(await startDocumentCheck());
}

/**
 * On /main, for customers whose identity document is not verified yet: starts the check. In a
 * signed-in shell (`inShell`), rendered before the visitor is known, it is there for everyone
 * and its styles show it only when the shell's script has marked the page for such a customer
 * (`shellVisitorScript`); its button waits for the app.
 */
export function DocumentCheckCard({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const start = useMutation({ mutationFn: goToDocumentCheck });

  if (!inShell && (!user || user.is_identomat_verified)) return null;
  // Still busy after success: the page is about to be replaced by the provider's.
  const busy = start.isPending || start.isSuccess;
  return (
    <Paper
      component="section"
      withBorder
      p="lg"
      aria-labelledby="document-check-title"
      className={inShell ? classes.forUncheckedVisitor : undefined}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id="document-check-title">
          {t('identomat.title')}
        </Title>
        <Text>{t('identomat.intro')}</Text>
        <ErrorAlert message={start.error ? documentCheckFailureMessage(start.error) : undefined} />
        <div>
          <Button
            loading={busy}
            disabled={inShell}
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
