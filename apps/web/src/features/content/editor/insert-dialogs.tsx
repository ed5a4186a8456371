import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { EditorDialog, ImageForm, LinkForm, VideoForm } from './editor-dialogs';

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
  return (
    <>
      <EditorDialog opened={opened === 'link'} title={t('contentEditor.link')} onClose={onClose}>
        <LinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? 'https://'}
          onClose={onClose}
          onSave={(url) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            if (url === '' || url === 'https://') chain.unsetLink().run();
            else chain.setLink({ href: url }).run();
            onClose();
          }}
        />
      </EditorDialog>
      <EditorDialog opened={opened === 'image'} title={t('contentEditor.image')} onClose={onClose}>
        <ImageForm
          onClose={onClose}
          onInsert={(image) => {
            editor.chain().focus().setImage(image).run();
            onClose();
          }}
        />
      </EditorDialog>
      <EditorDialog opened={opened === 'video'} title={t('contentEditor.video')} onClose={onClose}>
        <VideoForm
          onClose={onClose}
          onInsert={(video) => {
            editor.chain().focus().insertVideo(video).run();
            onClose();
          }}
        />
      </EditorDialog>
    </>
  );
}
