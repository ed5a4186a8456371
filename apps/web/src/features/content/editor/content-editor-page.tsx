import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  consentContentKinds,
  contentKeys,
  contentPublish,
  isContentHref,
  locales,
  type ContentKey,
  type Locale,
} from '@sesxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor, type ChainedCommands, type Editor } from '@tiptap/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../shared/api/api-client';
import { contentQuery, contentQueryKey } from '../../../shared/content/content-query';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { EditorDialog, ImageForm, LinkForm, VideoForm } from './editor-dialogs';
import { contentEditorExtensions } from './editor-extensions';
import { ContentPreview } from './content-preview';
import classes from './content-editor.module.css';

function ToolButton({
  label,
  active,
  onClick,
  disabled,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <Button
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active ?? undefined}
      onClick={onClick}
      disabled={disabled}
    >
      {children ?? label}
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

function Toolbar({
  editor,
  onLink,
  onVideo,
  onImage,
}: {
  editor: Editor;
  onLink: () => void;
  onVideo: () => void;
  onImage: () => void;
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
        onClick={onLink}
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
      <ToolButton label={t('contentEditor.image')} onClick={onImage} />
      <ToolButton label={t('contentEditor.video')} onClick={onVideo} />
    </div>
  );
}

/** How many links of pasted HTML the allow-list refuses (the editor drops them, text kept). */
function refusedLinksIn(html: string): number {
  const pasted = new DOMParser().parseFromString(html, 'text/html');
  return [...pasted.querySelectorAll('a[href]')].filter(
    (link) => !isContentHref(link.getAttribute('href') ?? ''),
  ).length;
}

/**
 * `/content`, for content editors: pick a text and a language, edit it in a rich-text editor,
 * see it at phone width as the server would publish it, and publish it after a confirmation.
 */
export function ContentEditorPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editorLabelId = useId();
  const [key, setKey] = useState<ContentKey>('claims');
  const [locale, setLocale] = useState<Locale>('ka');
  const [dialog, setDialog] = useState<'link' | 'video' | 'image' | 'publish' | null>(null);
  const [refusedLinks, setRefusedLinks] = useState(0);
  const current = useQuery(contentQuery(key, locale));
  const close = () => {
    setDialog(null);
  };

  const editor = useEditor({
    extensions: contentEditorExtensions,
    content: '',
    // The toolbar's pressed states and the preview follow every change.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-labelledby': editorLabelId, 'aria-multiline': 'true', role: 'textbox' },
      transformPastedHTML: (pasted) => {
        setRefusedLinks(refusedLinksIn(pasted));
        return pasted;
      },
    },
  });
  const html = editor.getHTML();

  // The chosen text's current version, into the editor.
  const loaded = current.data;
  useEffect(() => {
    if (loaded) editor.commands.setContent(loaded.html, { emitUpdate: false });
  }, [editor, loaded]);

  const publish = useMutation({
    mutationFn: () =>
      apiRequest(contentPublish, {
        params: { key },
        body: { locale, html: editor.getHTML() },
      }),
    onSuccess: ({ content }) => {
      queryClient.setQueryData(contentQueryKey(content.key, content.locale), content);
      close();
    },
  });

  const isConsent = key in consentContentKinds;
  const keyName = t(`contentEditor.keys.${key}`);
  const localeName = t(`contentEditor.locales.${locale}`);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('contentEditor.title')}</Title>
      <Text>{t('contentEditor.intro')}</Text>
      <Group align="flex-end" gap="lg">
        <NativeSelect
          label={t('contentEditor.key')}
          value={key}
          onChange={(event) => {
            setKey(event.currentTarget.value as ContentKey);
          }}
          data={contentKeys.map((value) => ({ value, label: t(`contentEditor.keys.${value}`) }))}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id={`${editorLabelId}-locale`}>
            {t('contentEditor.locale')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${editorLabelId}-locale`}
            value={locale}
            onChange={(value) => {
              setLocale(value);
            }}
            data={locales.map((value) => ({ value, label: t(`contentEditor.locales.${value}`) }))}
          />
        </Stack>
        {loaded && <Text size="sm">{t('contentEditor.version', { version: loaded.version })}</Text>}
      </Group>
      {current.isError && <ErrorAlert message={current.error.message} />}
      <div>
        <Text component="label" id={editorLabelId} fw={500} size="sm" display="block" mb={4}>
          {t('contentEditor.editorLabel')}: {keyName} ({localeName})
        </Text>
        <Toolbar
          editor={editor}
          onLink={() => {
            setDialog('link');
          }}
          onVideo={() => {
            setDialog('video');
          }}
          onImage={() => {
            setDialog('image');
          }}
        />
        <EditorContent editor={editor} className={classes.editor} />
        {refusedLinks > 0 && (
          <Text role="status" size="sm" mt={4}>
            {t('contentEditor.linksRefused', { count: refusedLinks })}
          </Text>
        )}
      </div>
      <ContentPreview html={html} enabled={current.isSuccess} />
      <Group>
        <Button
          onClick={() => {
            publish.reset();
            setDialog('publish');
          }}
          disabled={editor.isEmpty}
        >
          {t('contentEditor.publish')}
        </Button>
        {editor.isEmpty && <Text size="sm">{t('contentEditor.empty')}</Text>}
        {publish.isSuccess && (
          <Text role="status" c="green.9" fw={600}>
            {t('contentEditor.published', { version: publish.data.content.version })}
          </Text>
        )}
      </Group>

      <EditorDialog opened={dialog === 'link'} title={t('contentEditor.link')} onClose={close}>
        <LinkForm
          initial={(editor.getAttributes('link').href as string | undefined) ?? 'https://'}
          onClose={close}
          onSave={(url) => {
            const chain = editor.chain().focus().extendMarkRange('link');
            if (url === '' || url === 'https://') chain.unsetLink().run();
            else chain.setLink({ href: url }).run();
            close();
          }}
        />
      </EditorDialog>
      <EditorDialog opened={dialog === 'image'} title={t('contentEditor.image')} onClose={close}>
        <ImageForm
          onClose={close}
          onInsert={(image) => {
            editor.chain().focus().setImage(image).run();
            close();
          }}
        />
      </EditorDialog>
      <EditorDialog opened={dialog === 'video'} title={t('contentEditor.video')} onClose={close}>
        <VideoForm
          onClose={close}
          onInsert={(video) => {
            editor.chain().focus().insertVideo(video).run();
            close();
          }}
        />
      </EditorDialog>
      <EditorDialog
        opened={dialog === 'publish'}
        title={t('contentEditor.confirmTitle')}
        onClose={close}
      >
        <Stack gap="lg">
          <Text>{t('contentEditor.confirmText', { key: keyName, locale: localeName })}</Text>
          {isConsent && <Text>{t('contentEditor.confirmConsent')}</Text>}
          {publish.isError && <ErrorAlert message={publish.error.message} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={publish.isPending}>
              {t('contentEditor.cancel')}
            </Button>
            <Button
              loading={publish.isPending}
              onClick={() => {
                publish.mutate();
              }}
              data-autofocus
            >
              {t('contentEditor.publish')}
            </Button>
          </Group>
        </Stack>
      </EditorDialog>
    </Stack>
  );
}
