import type { ContentKey } from '@sesxi/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ui/error-alert';
import { useContent } from './content-query';
import { VideoFacade } from './video-facade';
import classes from './content.module.css';

/** A video as the server's sanitiser writes it (and nothing else matches). */
const videoDiv =
  /<div data-video="youtube" data-id="([A-Za-z0-9_-]{11})"(?: data-title="([^"]*)")?><\/div>/g;

type Piece = { html: string } | { videoId: string; title?: string };

function decodeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The HTML cut at its videos: markup runs, and the videos between them. */
export function piecesOf(html: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of html.matchAll(videoDiv)) {
    if (match.index > last) pieces.push({ html: html.slice(last, match.index) });
    const [, videoId = '', title] = match;
    pieces.push({ videoId, ...(title ? { title: decodeAttribute(title) } : {}) });
    last = match.index + match[0].length;
  }
  if (last < html.length) pieces.push({ html: html.slice(last) });
  return pieces;
}

/**
 * Sanitised content HTML as visitors see it (the server's allow-list made it safe), with its
 * videos as facades. The editor's preview renders the same.
 */
export function ContentHtml({ html, contentKey }: { html: string; contentKey?: ContentKey }) {
  return (
    <div className={classes.content} data-content={contentKey}>
      {piecesOf(html).map((piece, index) =>
        'html' in piece ? (
          <div key={index} dangerouslySetInnerHTML={{ __html: piece.html }} />
        ) : (
          <Fragment key={index}>
            <VideoFacade id={piece.videoId} title={piece.title} />
          </Fragment>
        ),
      )}
    </div>
  );
}

/** One content block, fetched: the current version. */
export function ContentBlockView({ contentKey }: { contentKey: ContentKey }) {
  const { t } = useTranslation();
  const shown = useContent(contentKey);
  switch (shown.kind) {
    case 'block':
      return <ContentHtml html={shown.block.html} contentKey={contentKey} />;
    case 'failed':
      return <ErrorAlert message={shown.error.message} />;
    case 'pending':
      return <p aria-busy="true">{t('content.loading')}</p>;
  }
}
