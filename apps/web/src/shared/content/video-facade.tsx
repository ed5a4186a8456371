import { contentVideoPlayerUrl } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './content.module.css';

/**
 * A video in content: a title, a poster drawn in CSS and a play button; nothing is asked of
 * the video host until the visitor taps play, then the player takes the facade's place.
 */
export function VideoFacade({ id, title }: { id: string; title?: string }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const name = title ?? t('content.video');
  if (playing) {
    return (
      <iframe
        className={classes.video}
        src={contentVideoPlayerUrl(id)}
        title={name}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    );
  }
  return (
    <button
      type="button"
      className={`${classes.video} ${classes.facade}`}
      data-video-facade={id}
      aria-label={t('content.playVideo', { title: name })}
      onClick={() => {
        setPlaying(true);
      }}
    >
      <span className={classes.facadeTitle} aria-hidden="true">
        {name}
      </span>
      <span className={classes.play} aria-hidden="true" />
    </button>
  );
}
