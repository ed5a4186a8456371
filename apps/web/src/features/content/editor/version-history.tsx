import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  contentVersionList,
  contentVersionRestore,
  contentVersionShow,
  type ContentBlock,
  type ContentKey,
  type ContentVersionEntry,
  type Locale,
} from '@sesxi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../shared/api/api-client';
import { ContentHtml } from '../../../shared/content/content-html';
import { formatDateTime } from '../../../shared/format/date-time';
import { personName } from '../../../shared/format/person-name';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useWithEditorImages } from './editor-images';
import { VersionedNote } from './versioned-note';
import classes from './content-editor.module.css';

export function versionsQueryKey(contentKey: ContentKey, locale: Locale) {
  return ['content', 'versions', contentKey, locale] as const;
}

/** One version's text as visitors got it, at phone width. */
function VersionPreview({
  contentKey,
  locale,
  version,
}: {
  contentKey: ContentKey;
  locale: Locale;
  version: number;
}) {
  const shown = useQuery({
    queryKey: ['content', 'version', contentKey, locale, version],
    queryFn: ({ signal }) =>
      apiRequest(contentVersionShow, {
        params: { key: contentKey, version: String(version) },
        query: { locale },
        signal,
      }).then((answer) => answer.content.html),
    staleTime: Infinity,
  });
  const html = useWithEditorImages(shown.data);
  if (shown.isError) return <ErrorAlert message={shown.error.message} />;
  return (
    <div className={classes.phone} aria-busy={html === undefined || undefined}>
      <div className={classes.phoneScreen}>{html !== undefined && <ContentHtml html={html} />}</div>
    </div>
  );
}

/**
 * The text's published versions, newest first, each with who published it and when: any of
 * them can be looked at, and an earlier one restored (published again as a new version).
 */
export function VersionHistory({
  contentKey,
  locale,
  onRestored,
}: {
  contentKey: ContentKey;
  locale: Locale;
  onRestored: (content: ContentBlock) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [previewed, setPreviewed] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const versions = useQuery({
    queryKey: versionsQueryKey(contentKey, locale),
    queryFn: ({ signal }) =>
      apiRequest(contentVersionList, {
        params: { key: contentKey },
        query: { locale },
        signal,
      }).then((answer) => answer.versions),
  });
  const restore = useMutation({
    mutationFn: (version: number) =>
      apiRequest(contentVersionRestore, {
        params: { key: contentKey, version: String(version) },
        query: { locale },
      }),
    onSuccess: ({ content }) => {
      setRestoring(null);
      onRestored(content);
    },
  });

  const describe = (entry: ContentVersionEntry) =>
    [
      formatDateTime(entry.created_at),
      entry.editor ? personName(entry.editor) : t('contentEditor.seeded'),
      ...(entry.restored_from === null
        ? []
        : [t('contentEditor.restoredFrom', { version: entry.restored_from })]),
    ].join(' · ');

  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('contentEditor.versions')}
      </Title>
      {versions.isError && <ErrorAlert message={versions.error.message} />}
      {versions.isPending && <Text aria-busy="true">{t('content.loading')}</Text>}
      {versions.data && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {versions.data.map((entry, index) => (
            <li key={entry.version}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <div>
                  <Text fw={600}>
                    {t('contentEditor.versionNumber', { version: entry.version })}
                    {index === 0 && ` (${t('contentEditor.versionCurrent')})`}
                  </Text>
                  <Text size="sm">{describe(entry)}</Text>
                </div>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={t('contentEditor.viewVersion', { version: entry.version })}
                    onClick={() => {
                      setPreviewed(entry.version);
                    }}
                  >
                    {t('contentEditor.view')}
                  </Button>
                  {index > 0 && (
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={t('contentEditor.restoreVersion', { version: entry.version })}
                      onClick={() => {
                        restore.reset();
                        setRestoring(entry.version);
                      }}
                    >
                      {t('contentEditor.restore')}
                    </Button>
                  )}
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
      )}

      <Dialog
        opened={previewed !== null}
        title={t('contentEditor.versionNumber', { version: previewed ?? 0 })}
        onClose={() => {
          setPreviewed(null);
        }}
        size="auto"
      >
        {previewed !== null && (
          <VersionPreview contentKey={contentKey} locale={locale} version={previewed} />
        )}
      </Dialog>
      <ConfirmDialog
        opened={restoring !== null}
        title={t('contentEditor.restoreTitle', { version: restoring ?? 0 })}
        confirmLabel={t('contentEditor.restore')}
        keepLabel={t('contentEditor.cancel')}
        busy={restore.isPending}
        error={restore.error?.message}
        onConfirm={() => {
          if (restoring !== null) restore.mutate(restoring);
        }}
        onClose={() => {
          setRestoring(null);
        }}
      >
        <Text>{t('contentEditor.restoreText', { version: restoring ?? 0 })}</Text>
        <VersionedNote contentKey={contentKey} />
      </ConfirmDialog>
    </section>
  );
}
