import '@mantine/core/styles/Divider.layer.css';
import { Button, Divider, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CancelApplication } from './cancel-application';

interface ApplicationStepActionsProps {
  /** The application the step belongs to; a new one has none yet, and cancel only leaves. */
  loanId?: number;
  /** The previous step. */
  back: string;
  /** The step's own request is running: cancelling waits, the continue button shows it. */
  busy?: boolean;
  /** The step's main action; by default the form's submit button, continue. */
  children?: ReactNode;
}

/**
 * The buttons under every application step: back one step and the step's main action side by
 * side; below a rule, apart from them, cancelling the application (red, and only after a
 * confirmation, see ./cancel-application).
 */
export function ApplicationStepActions({
  loanId,
  back,
  busy = false,
  children,
}: ApplicationStepActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group gap="sm" justify="space-between">
        <Button component={Link} to={back} variant="default">
          {t('labels.back')}
        </Button>
        {children ?? (
          <Button type="submit" loading={busy}>
            {t('labels.continue')}
          </Button>
        )}
      </Group>
      <Divider />
      <div>
        {loanId === undefined ? (
          <Button component={Link} to="/main" variant="outline" color="red.9">
            {t('labels.cancel')}
          </Button>
        ) : (
          <CancelApplication loanId={loanId} disabled={busy} />
        )}
      </div>
    </Stack>
  );
}
