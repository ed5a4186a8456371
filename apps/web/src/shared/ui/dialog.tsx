import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal dialog as the app shows them all: a title, a close button named in words, and
 * content that mounts with the dialog (each opening starts afresh). While `busy`, it stays
 * open: what was sent is answered first.
 */
export function Dialog({
  opened,
  title,
  onClose,
  busy = false,
  size,
  closeLabel,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  busy?: boolean;
  size?: ModalProps['size'];
  /** The close button's name; "Close" unless the dialog names it otherwise. */
  closeLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': closeLabel ?? t('labels.close') }}
      // Mantine renders the dialog's title bar as <header>: a second banner landmark otherwise.
      attributes={{ header: { role: 'none' } }}
    >
      {children}
    </Modal>
  );
}
