import { escapeHtml } from '#app/http/html.ts';

/**
 * What every sandbox page looks like; colours meet WCAG AA contrast: 4.5:1 for text (white on
 * #1864ab 6.1:1, on its hover #0d3f6e 10:1; #495057 notes 7.3:1 on the lightest grey), 3:1 for
 * field borders (#6c757d 4.7:1).
 */
const baseStyle = `
    body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1a1b1e; }
    button { padding: 0.6rem 1rem; font-size: 1rem; cursor: pointer; border: 0; border-radius: 4px; background: #1864ab; color: #fff; }
    button:hover { background: #0d3f6e; }
    button:focus-visible { outline: 3px solid #1a1b1e; outline-offset: 2px; }
    input { border: 1px solid #6c757d; border-radius: 4px; color: #1a1b1e; background: #fff; }
    input:focus-visible { outline: 3px solid #1864ab; outline-offset: 1px; }
    .note { color: #495057; font-size: 0.9rem; }
    .error { color: #c92a2a; font-weight: 600; }`;

/** A sandbox page in Georgian: the stand-in of an outside provider's screen. */
export function sandboxPage(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="ka">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>${baseStyle}${style}
  </style>
</head>
<body>
  <main>${body}</main>
</body>
</html>`;
}
