import { contentImagePath } from '@sesxi/contract';
import { useEffect, useMemo, useState } from 'react';
import { apiDownload } from '../../../shared/api/api-client';

const fetched = new Map<string, Promise<string>>();

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('the image was not read as an address'));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('the image could not be read'));
    };
    reader.readAsDataURL(blob);
  });
}

/**
 * A content image as the editor shows it. An image not yet published is served to content
 * editors only, and an `<img>` sends no session: so it is fetched with the editor's, and shown
 * from a `data:` address (the CSP's img-src allows those). Undefined when it cannot be had (a
 * removed image then shows as missing, as visitors would miss it).
 */
export function editorImageSrc(src: string): Promise<string | undefined> {
  let image = fetched.get(src);
  if (!image) {
    image = apiDownload(src).then(({ blob }) => dataUrlOf(blob));
    fetched.set(src, image);
    image.catch(() => fetched.delete(src));
  }
  return image.catch(() => undefined);
}

const shownImage = new RegExp(` src="(${contentImagePath}[0-9a-f-]{36})"`, 'g');

/**
 * `html` with its content images fetched as the editor may see them (see editorImageSrc); the
 * last such HTML until the new one's images are there, so nothing is asked for without the
 * session meanwhile.
 */
export function useWithEditorImages(html: string | undefined): string | undefined {
  const sources = useMemo(
    () => [...new Set([...(html ?? '').matchAll(shownImage)].map(([, src = '']) => src))],
    [html],
  );
  const [shown, setShown] = useState<string | undefined>();
  useEffect(() => {
    if (html === undefined || sources.length === 0) return;
    let current = true;
    void Promise.all(sources.map(async (src) => [src, await editorImageSrc(src)] as const)).then(
      (found) => {
        if (!current) return;
        setShown(
          found.reduce(
            (withImages, [src, data]) =>
              data ? withImages.replaceAll(`src="${src}"`, `src="${data}"`) : withImages,
            html,
          ),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [html, sources]);
  return sources.length === 0 ? html : shown;
}
