import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Modal, type ModalProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  busy?: boolean;
  size?: ModalProps['size'];
  /** The close button's name; "Close" unless the dialog names it otherwise. */
  closeLabel?: string;
  children: ReactNode;
}

/** Mantine's modal as the app shows it; loaded with the first dialog opened (./dialog.tsx). */
export function DialogModal({
  opened,
  title,
  onClose,
  busy = false,
  size,
  closeLabel,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  // Asked for before its code arrived, the modal mounts open, and Mantine notes the element to
  // give focus back to only when `opened` turns true: for that opening it is noted here.
  const [openedBy, setOpenedBy] = useState(() => (opened ? document.activeElement : null));
  return (
    <Modal
      opened={opened}
      returnFocus={openedBy === null}
      onExitTransitionEnd={() => {
        if (openedBy instanceof HTMLElement) openedBy.focus();
        setOpenedBy(null);
      }}
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
