import { lazy, Suspense } from 'react';
import { browserIdle } from '../page/browser-idle';
import type { DialogProps } from './dialog-modal';

// The modal's code (Mantine's Modal, its focus trap and scroll lock) is in no screen's first
// chunks: it loads once the browser is idle, mounted closed, so that opening it later notes the
// element to give focus back to.
const DialogModal = lazy(async () => {
  await browserIdle();
  return { default: (await import('./dialog-modal')).DialogModal };
});

/**
 * A modal dialog as the app shows them all: a title, a close button named in words, and
 * content that mounts with the dialog (each opening starts afresh). While `busy`, it stays
 * open: what was sent is answered first.
 */
export function Dialog(props: DialogProps) {
  return (
    <Suspense>
      <DialogModal {...props} />
    </Suspense>
  );
}
