import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../shared/notifications/notification-store';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { cancelLoanApplication } from '../api/loan-cancel';

interface CancelApplicationProps {
  loanId: number;
  /** A submitted application is withdrawn from review: the button and the question say so. */
  withdraw?: boolean;
  /** The step's own request is running. */
  disabled?: boolean;
}

/**
 * Cancels an application after asking: a red button opens a dialog, and only its confirm button
 * calls the cancel endpoint; then the customer hears it is cancelled, on /main. A refusal (the
 * application was decided meanwhile) shows in the dialog in the server's words.
 */
export function CancelApplication({ loanId, withdraw = false, disabled }: CancelApplicationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelLoanApplication,
    onSuccess: async () => {
      notify({ type: 'success', text: t('loan.cancelled') });
      // The list and the open application on /main change with it.
      await queryClient.invalidateQueries({ queryKey: ['loans'] });
      setAsking(false);
      // A new location shows the notification, on /main too.
      await navigate('/main', { replace: pathname === '/main' });
      // The button that opened the dialog is gone: focus starts again at the page's content.
      document.getElementById('main-content')?.focus();
    },
  });
  const label = withdraw ? t('journey.withdraw') : t('labels.cancelApplication');
  return (
    <>
      <Button
        type="button"
        color="red.9"
        variant="outline"
        disabled={disabled}
        onClick={() => {
          cancel.reset();
          setAsking(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={label}
        confirmLabel={t('journey.confirmCancel')}
        keepLabel={t('journey.keepApplication')}
        confirmColor="red.9"
        busy={cancel.isPending}
        error={cancel.error?.message}
        onConfirm={() => {
          cancel.mutate(loanId);
        }}
        onClose={() => {
          setAsking(false);
        }}
      >
        <Text>
          {t(withdraw ? 'journey.withdrawQuestion' : 'journey.cancelQuestion', { id: loanId })}
        </Text>
      </ConfirmDialog>
    </>
  );
}
