import { Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { contentPreview } from '@sesxi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../shared/api/api-client';
import { ContentHtml } from '../../../shared/content/content-html';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useWithEditorImages } from './editor-images';
import classes from './content-editor.module.css';

/** How long the editor rests before the preview is asked for again. */
export const previewDelayMs = 300;

/**
 * The text as visitors will get it: what the editor holds, sanitised by the server as a
 * publish would be (`POST /api/content/preview`), in the visitors' own component at phone
 * width. The last answer stays while the next is asked for.
 */
export function ContentPreview({ html, enabled }: { html: string; enabled: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [settled] = useDebouncedValue(html, previewDelayMs);
  const preview = useQuery<string>({
    queryKey: ['content', 'preview', settled],
    queryFn: ({ signal }) =>
      apiRequest(contentPreview, { body: { html: settled }, signal }).then((answer) => answer.html),
    // Asked for once the typing rests, not for every state it passes through.
    enabled: enabled && settled === html,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // One entry a pause in typing, each up to 100 000 characters: none kept once replaced.
    gcTime: 0,
  });
  const shown = useWithEditorImages(preview.data);
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('contentEditor.preview')}
      </Title>
      <div
        className={classes.phone}
        data-testid="content-preview"
        aria-busy={preview.isFetching || undefined}
      >
        <div className={classes.phoneScreen}>
          {shown !== undefined && <ContentHtml html={shown} />}
        </div>
      </div>
      {preview.isError && <ErrorAlert message={preview.error.message} />}
    </section>
  );
}
