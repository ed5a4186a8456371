import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** An HTML page as it is sent: compressed once, with its ETag. */
export interface HtmlPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export function htmlPage(html: string): HtmlPage {
  return {
    html,
    br: brotliCompressSync(html),
    gzip: gzipSync(html, { level: 9 }),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
  };
}
