import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../shared/notifications/notification-store';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { cancelLoanApplication } from '../api/loan-cancel';

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
 * The buttons under every application step: back one step, cancel the application (which
 * tells the customer and goes to /main) and the step's main action.
 */
export function ApplicationStepActions({
  loanId,
  back,
  busy = false,
  children,
}: ApplicationStepActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useMutation({
    mutationFn: cancelLoanApplication,
    onSuccess: async () => {
      notify({ type: 'success', text: t('loan.cancelled') });
      await navigate('/main');
    },
  });
  return (
    <Stack gap="sm">
      <ErrorAlert message={cancel.error?.message} />
      <Group gap="sm" justify="space-between">
        <Group gap="sm">
          <Button component={Link} to={back} variant="default">
            {t('labels.back')}
          </Button>
          {loanId === undefined ? (
            <Button component={Link} to="/main" variant="default">
              {t('labels.cancel')}
            </Button>
          ) : (
            <Button
              type="button"
              variant="default"
              loading={cancel.isPending}
              disabled={busy}
              onClick={() => {
                cancel.mutate(loanId);
              }}
            >
              {t('labels.cancelApplication')}
            </Button>
          )}
        </Group>
        {children ?? (
          <Button type="submit" loading={busy} disabled={cancel.isPending}>
            {t('labels.continue')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
