import { describe, expect, it } from 'vitest';
import { withCriticalStyles } from './critical-styles';

const rootStyle =
  '<style data-mantine-styles="true">:root{--unused-here:1px}.not-in-page{color:red}</style>';
const page = `<!doctype html><html><head><title>შესვლა</title>
<style>@font-face{font-family:Noto Sans Georgian;font-display:swap;font-weight:400;src:url(/regular.woff2)format("woff2")}
@font-face{font-family:Noto Sans Georgian;font-weight:700;src:url(/bold.woff2)format("woff2")}
.used{color:blue}.unused{color:green}@media (min-width:48em){.used{color:navy}.unused{color:olive}}</style>
</head><body><div id="root">${rootStyle}<p class="used">ტექსტი</p></div></body></html>`;

describe('withCriticalStyles', () => {
  it('keeps the head’s rules the markup uses and drops the rest, media queries too', async () => {
    const critical = await withCriticalStyles(page);
    const head = critical.slice(0, critical.indexOf('</head>'));
    expect(head).toContain('.used{color:blue}');
    expect(head).toContain('.used{color:navy}');
    expect(head).not.toContain('.unused');
  });

  it('keeps the regular weight’s @font-face, which Beasties cannot tie to a font-family variable', async () => {
    const critical = await withCriticalStyles(page);
    expect(critical).toContain('url(/regular.woff2)');
  });

  it('shows text in another face until the regular one arrives, unless the text must wait for it', async () => {
    expect(await withCriticalStyles(page)).toContain('font-display:swap;font-weight:400');
    const waiting = await withCriticalStyles(page, { textWaitsForFont: true });
    expect(waiting).toContain('font-display:block;font-weight:400');
    expect(waiting).not.toContain('font-display:swap');
  });

  it('leaves the bolder weights’ fonts to the full stylesheets, after the first paint', async () => {
    const critical = await withCriticalStyles(page);
    expect(critical).not.toContain('url(/bold.woff2)');
  });

  it('leaves the styles inside the root as React wrote them, for hydration', async () => {
    const critical = await withCriticalStyles(page);
    expect(critical).toContain(`<div id="root">${rootStyle}<p class="used">`);
  });
});
