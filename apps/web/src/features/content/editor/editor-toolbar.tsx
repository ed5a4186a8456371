import { Button } from '@mantine/core';
import type { ChainedCommands, Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { InsertKind } from './insert-dialogs';
import classes from './content-editor.module.css';

function ToolButton({
  label,
  active,
  onClick,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active ?? undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** The block and text formats: a button each, pressed while the selection has that format. */
const formats: {
  label: 'paragraph' | 'heading2' | 'heading3' | 'bold' | 'italic' | 'bulletList' | 'orderedList';
  name: string;
  attributes?: { level: 2 | 3 };
  apply: (chain: ChainedCommands) => ChainedCommands;
}[] = [
  { label: 'paragraph', name: 'paragraph', apply: (chain) => chain.setParagraph() },
  {
    label: 'heading2',
    name: 'heading',
    attributes: { level: 2 },
    apply: (chain) => chain.toggleHeading({ level: 2 }),
  },
  {
    label: 'heading3',
    name: 'heading',
    attributes: { level: 3 },
    apply: (chain) => chain.toggleHeading({ level: 3 }),
  },
  { label: 'bold', name: 'bold', apply: (chain) => chain.toggleBold() },
  { label: 'italic', name: 'italic', apply: (chain) => chain.toggleItalic() },
  { label: 'bulletList', name: 'bulletList', apply: (chain) => chain.toggleBulletList() },
  { label: 'orderedList', name: 'orderedList', apply: (chain) => chain.toggleOrderedList() },
];

/**
 * The editor's toolbar: the formats, a link, the table's rows and columns, an image and a
 * video (the link, image and video open their dialog through `onInsert`).
 */
export function EditorToolbar({
  editor,
  onInsert,
}: {
  editor: Editor;
  onInsert: (kind: InsertKind) => void;
}) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  const inTable = editor.isActive('table');
  return (
    <div role="toolbar" aria-label={t('contentEditor.toolbar')} className={classes.toolbar}>
      {formats.map(({ label, name, attributes, apply }) => (
        <ToolButton
          key={label}
          label={t(`contentEditor.${label}`)}
          active={editor.isActive(name, attributes)}
          onClick={() => apply(chain()).run()}
        />
      ))}
      <ToolButton
        label={t('contentEditor.link')}
        active={editor.isActive('link')}
        onClick={() => {
          onInsert('link');
        }}
      />
      {editor.isActive('link') && (
        <ToolButton
          label={t('contentEditor.unlink')}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
      )}
      {inTable ? (
        <>
          <ToolButton
            label={t('contentEditor.addRow')}
            onClick={() => chain().addRowAfter().run()}
          />
          <ToolButton
            label={t('contentEditor.addColumn')}
            onClick={() => chain().addColumnAfter().run()}
          />
          <ToolButton
            label={t('contentEditor.deleteTable')}
            onClick={() => chain().deleteTable().run()}
          />
        </>
      ) : (
        <ToolButton
          label={t('contentEditor.table')}
          onClick={() => chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()}
        />
      )}
      <ToolButton
        label={t('contentEditor.image')}
        onClick={() => {
          onInsert('image');
        }}
      />
      <ToolButton
        label={t('contentEditor.video')}
        onClick={() => {
          onInsert('video');
        }}
      />
    </div>
  );
}
