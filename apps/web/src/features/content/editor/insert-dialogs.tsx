import type { ChainedCommands, Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog';
import { ImageForm, LinkForm, VideoForm } from './insert-forms';

/** What the toolbar inserts through a dialog. */
export type InsertKind = 'link' | 'image' | 'video';

/**
 * The link, image and video dialogs, the one `opened` shown: each writes into the editor at
 * its selection and closes.
 */
export function InsertDialogs({
  editor,
  opened,
  onClose,
}: {
  editor: Editor;
  opened: InsertKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = (kind: InsertKind) => ({
    opened: opened === kind,
    title: t(`contentEditor.${kind}`),
    onClose,
    closeLabel: t('contentEditor.cancel'),
  });
  const write = (command: (chain: ChainedCommands) => ChainedCommands) => {
    command(editor.chain().focus()).run();
    onClose();
  };
  return (
    <>
      <Dialog {...dialog('link')}>
        <LinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? 'https://'}
          onClose={onClose}
          onSave={(url) => {
            write((chain) => {
              const link = chain.extendMarkRange('link');
              return url === '' || url === 'https://'
                ? link.unsetLink()
                : link.setLink({ href: url });
            });
          }}
        />
      </Dialog>
      <Dialog {...dialog('image')}>
        <ImageForm
          onClose={onClose}
          onInsert={(image) => {
            write((chain) => chain.setImage(image));
          }}
        />
      </Dialog>
      <Dialog {...dialog('video')}>
        <VideoForm
          onClose={onClose}
          onInsert={(video) => {
            write((chain) => chain.insertVideo(video));
          }}
        />
      </Dialog>
    </>
  );
}
