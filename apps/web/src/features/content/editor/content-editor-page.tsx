import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  contentKeys,
  contentPublish,
  isContentHref,
  locales,
  type ContentKey,
  type Locale,
} from '@sesxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../shared/api/api-client';
import { contentQuery, contentQueryKey } from '../../../shared/content/content-query';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { contentEditorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';
import { ContentPreview } from './content-preview';
import { InsertDialogs, type InsertKind } from './insert-dialogs';
import { PublishDialog } from './publish-dialog';
import classes from './content-editor.module.css';

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
  const [dialog, setDialog] = useState<InsertKind | 'publish' | null>(null);
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
        <EditorToolbar editor={editor} onInsert={setDialog} />
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

      <InsertDialogs
        editor={editor}
        opened={dialog === 'publish' ? null : dialog}
        onClose={close}
      />
      <PublishDialog
        opened={dialog === 'publish'}
        contentKey={key}
        locale={locale}
        busy={publish.isPending}
        error={publish.error}
        onPublish={() => {
          publish.mutate();
        }}
        onClose={close}
      />
    </Stack>
  );
}
