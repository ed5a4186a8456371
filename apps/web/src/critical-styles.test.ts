import { describe, expect, it } from 'vitest';
import { withCriticalStyles } from './critical-styles';

const rootStyle =
  '<style data-mantine-styles="true">:root{--unused-here:1px}.not-in-page{color:red}</style>';
const page = `<!doctype html><html><head><title>შესვლა</title>
<style>@font-face{font-family:Noto Sans Georgian;src:url(/a.woff2)format("woff2")}
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

  it('keeps every @font-face rule, which Beasties cannot tie to a font-family variable', async () => {
    const critical = await withCriticalStyles(page);
    expect(critical).toContain('@font-face{font-family:Noto Sans Georgian');
  });

  it('leaves the styles inside the root as React wrote them, for hydration', async () => {
    const critical = await withCriticalStyles(page);
    expect(critical).toContain(`<div id="root">${rootStyle}<p class="used">`);
  });
});
