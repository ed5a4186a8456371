import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are. */
  keepLabel: string;
  /** The confirm button's colour: `red.9` for an action that cannot be taken back. */
  confirmColor?: string;
  busy: boolean;
  /** Why the action failed, in the server's words; the dialog stays open. */
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks once more before an action that cannot be taken back. Focus starts on the button that
 * keeps things as they are (Enter never destroys by accident) and returns to the button that
 * opened the dialog when it closes.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  keepLabel,
  confirmColor,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} busy={busy}>
      <Stack gap="lg">
        {children}
        <ErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {keepLabel}
          </Button>
          <Button color={confirmColor} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
