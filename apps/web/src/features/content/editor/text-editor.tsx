import { Button, Group, Stack, Text } from '@mantine/core';
import {
  contentDraftDiscard,
  contentPublish,
  isContentHref,
  type ContentBlock,
  type ContentKey,
  type Locale,
} from '@sesxi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../shared/api/api-client';
import { contentQuery, contentQueryKey } from '../../../shared/content/content-query';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { ContentPreview } from './content-preview';
import { DraftOffer } from './draft-offer';
import { contentHtmlOf, loadContent } from './editor-content';
import { contentEditorExtensions } from './editor-extensions';
import { EditorToolbar } from './editor-toolbar';
import { InsertDialogs, type InsertKind } from './insert-dialogs';
import { LeaveGuard } from './leave-guard';
import { PublishDialog } from './publish-dialog';
import { useDraftQuery, useDraftSaving } from './use-draft';
import { VersionHistory, versionsQueryKey } from './version-history';
import classes from './content-editor.module.css';

/** How many links of pasted HTML the allow-list refuses (the editor drops them, text kept). */
function refusedLinksIn(html: string): number {
  const pasted = new DOMParser().parseFromString(html, 'text/html');
  return [...pasted.querySelectorAll('a[href]')].filter(
    (link) => !isContentHref(link.getAttribute('href') ?? ''),
  ).length;
}

/**
 * One text in one language, edited: its published version (or the editor's draft of it, if they
 * choose to continue it) in a rich-text editor, saved as a draft as they type, previewed at
 * phone width, published after a confirmation; its versions listed, any earlier one restorable.
 */
export function TextEditor({ contentKey, locale }: { contentKey: ContentKey; locale: Locale }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const editorLabelId = useId();
  const [dialog, setDialog] = useState<InsertKind | 'publish' | null>(null);
  const [refusedLinks, setRefusedLinks] = useState(0);
  /** The version this editor published or restored last, to say so. */
  const [publishedNow, setPublishedNow] = useState<number | null>(null);
  const current = useQuery(contentQuery(contentKey, locale));
  const draft = useDraftQuery(contentKey, locale);
  const close = () => {
    setDialog(null);
  };

  const editor = useEditor({
    extensions: contentEditorExtensions,
    content: '',
    editable: false,
    // The toolbar's pressed states, the preview and the draft follow every change.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-labelledby': editorLabelId, 'aria-multiline': 'true', role: 'textbox' },
      transformPastedHTML: (pasted) => {
        setRefusedLinks(refusedLinksIn(pasted));
        return pasted;
      },
    },
  });
  const html = contentHtmlOf(editor);
  const saving = useDraftSaving(contentKey, locale, html);
  const { kept, keep } = saving;

  /** The editor starts from `html`, kept on the server as it is. */
  const start = useCallback(
    (html: string, baseVersion: number, savedAt: string | null) => {
      loadContent(editor, html);
      editor.setEditable(true);
      keep({ baseVersion, html: contentHtmlOf(editor), savedAt });
    },
    [editor, keep],
  );

  // The published version into the editor, once; a draft of it, different, is offered first
  // (the published text shown meanwhile, not to be edited).
  const published = current.data;
  const found = draft.isSuccess ? draft.data : undefined;
  const offered =
    kept === null && published && found && found.html !== published.html ? found : null;
  useEffect(() => {
    if (kept !== null || !published || found === undefined) return;
    if (offered) loadContent(editor, published.html);
    else start(published.html, published.version, null);
  }, [kept, published, found, offered, editor, start]);

  const discard = useMutation({
    mutationFn: () =>
      apiRequest(contentDraftDiscard, { params: { key: contentKey }, query: { locale } }),
    onSuccess: () => {
      if (published) start(published.html, published.version, null);
    },
  });

  const showPublished = (content: ContentBlock, html: string) => {
    queryClient.setQueryData(contentQueryKey(content.key, content.locale), content);
    void queryClient.invalidateQueries({ queryKey: versionsQueryKey(contentKey, locale) });
    keep({ baseVersion: content.version, html, savedAt: null });
    setPublishedNow(content.version);
  };
  const publish = useMutation({
    mutationFn: (html: string) =>
      apiRequest(contentPublish, { params: { key: contentKey }, body: { locale, html } }),
    onSuccess: ({ content }, html) => {
      showPublished(content, html);
      close();
    },
  });

  const keyName = t(`contentEditor.keys.${contentKey}`);
  const localeName = t(`contentEditor.locales.${locale}`);

  return (
    <Stack gap="lg">
      {published && (
        <Text size="sm">{t('contentEditor.version', { version: published.version })}</Text>
      )}
      {current.isError && <ErrorAlert message={current.error.message} />}
      {draft.isError && <ErrorAlert message={draft.error.message} />}
      {offered && published && (
        <DraftOffer
          draft={offered}
          publishedVersion={published.version}
          busy={discard.isPending}
          error={discard.error}
          onContinue={() => {
            start(offered.html, offered.base_version, offered.saved_at);
          }}
          onDiscard={() => {
            discard.mutate();
          }}
        />
      )}
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
        <Text role="status" aria-live="polite" size="sm" mt={4} c="dimmed">
          {kept?.savedAt &&
            !saving.failed &&
            t('contentEditor.draftSaved', { time: kept.savedAt.slice(11, 16) })}
        </Text>
        <ErrorAlert
          message={
            saving.failed
              ? t('contentEditor.draftFailed', { reason: saving.failed.message })
              : undefined
          }
        />
      </div>
      <ContentPreview html={html} enabled={current.isSuccess} />
      <Group>
        <Button
          onClick={() => {
            publish.reset();
            setPublishedNow(null);
            setDialog('publish');
          }}
          disabled={editor.isEmpty || kept === null}
        >
          {t('contentEditor.publish')}
        </Button>
        {editor.isEmpty && <Text size="sm">{t('contentEditor.empty')}</Text>}
        {publishedNow !== null && (
          <Text role="status" c="green.9" fw={600}>
            {t('contentEditor.published', { version: publishedNow })}
          </Text>
        )}
      </Group>
      <VersionHistory
        contentKey={contentKey}
        locale={locale}
        onRestored={(content) => {
          loadContent(editor, content.html);
          showPublished(content, contentHtmlOf(editor));
        }}
      />

      <InsertDialogs
        editor={editor}
        opened={dialog === 'publish' ? null : dialog}
        onClose={close}
      />
      <PublishDialog
        opened={dialog === 'publish'}
        contentKey={contentKey}
        locale={locale}
        busy={publish.isPending}
        error={publish.error}
        onPublish={() => {
          publish.mutate(html);
        }}
        onClose={close}
      />
      <LeaveGuard unsaved={saving.unsaved} />
    </Stack>
  );
}
