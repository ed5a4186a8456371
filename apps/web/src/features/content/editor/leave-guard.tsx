import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

/**
 * While `unsaved`, asks before the editor is left: a link of the app opens a dialog (stay, the
 * default, or leave), and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [unsaved]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('contentEditor.leaveTitle')}
      confirmLabel={t('contentEditor.leave')}
      keepLabel={t('contentEditor.stay')}
      busy={false}
      onConfirm={() => {
        blocker.proceed?.();
      }}
      onClose={() => {
        blocker.reset?.();
      }}
    >
      <Text>{t('contentEditor.leaveText')}</Text>
    </ConfirmDialog>
  );
}
