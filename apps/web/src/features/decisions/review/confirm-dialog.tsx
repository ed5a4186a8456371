import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  color?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks once more before a decision that cannot be taken back. */
export function ConfirmDialog({
  opened,
  title,
  question,
  confirmLabel,
  color,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('support.close') }}
      // Mantine renders the dialog's title bar as <header>: a second banner landmark otherwise.
      attributes={{ header: { role: 'none' } }}
    >
      <Stack gap="lg">
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('labels.cancel')}
          </Button>
          <Button color={color} loading={busy} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
