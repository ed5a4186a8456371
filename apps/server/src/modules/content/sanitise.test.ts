import {
  contentAllowedAttributes,
  contentAllowedTags,
  contentLinkSchemes,
  contentVideoOrigin,
} from '@sesxi/contract';
import { describe, expect, it } from 'vitest';
import { sanitiseContent } from './sanitise.ts';

const image = '/api/content/images/3f0c1b2a-1111-4222-8333-444455556666';
const video = '<div data-video="youtube" data-id="dQw4w9WgXcQ"></div>';
const link = (href: string) => `<a href="${href}" rel="noopener noreferrer">x</a>`;

describe('the allow-list', () => {
  it('is exactly this: a widening has to change this test too', () => {
    expect(contentAllowedTags).toEqual([
      ...['h2', 'h3', 'h4', 'p', 'br', 'hr', 'blockquote', 'ul', 'ol', 'li', 'a'],
      ...['strong', 'b', 'em', 'i', 'u', 's'],
      ...['table', 'colgroup', 'col', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'div'],
    ]);
    expect(contentAllowedAttributes).toEqual({
      a: ['href', 'rel'],
      img: ['src', 'alt'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
      div: ['data-video', 'data-id', 'data-title'],
    });
    expect(contentLinkSchemes).toEqual(['https', 'mailto', 'tel']);
    expect(contentVideoOrigin).toBe('https://www.youtube-nocookie.com');
  });
});

describe('sanitiseContent', () => {
  const kept = [
    '<h2>a</h2><h3>b</h3><h4>c</h4><p>d<br />e</p><hr /><blockquote><p>f</p></blockquote>',
    '<ul><li><p>a</p></li></ul><ol start="3"><li>b</li></ol>',
    '<p><strong>a</strong><b>b</b><em>c</em><i>d</i><u>e</u><s>f</s></p>',
    '<table><colgroup><col /></colgroup><thead><tr><th colspan="2" rowspan="1">a</th></tr></thead><tbody><tr><td colspan="1" rowspan="2">b</td></tr></tbody></table>',
    `<img src="${image}" alt="ფოტო" />`,
    video,
    '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო &amp; &quot;სხვა&quot;"></div>',
    `<p>${link('https://nbg.gov.ge/a?b=1&amp;c=2#d')}</p>`,
    `<p>${link('HTTPS://NBG.GOV.GE')}</p>`,
    `<p>${link('mailto:info@example.ge')}</p>`,
    `<p>${link('tel:+995322000000')}</p>`,
    `<p>${link('/faq')}</p>`,
    `<p>${link('#section')}</p>`,
    '<p>ქართული ტექსტი &lt;script&gt; &amp; ასე</p>',
  ];
  it.each(kept)('keeps %s as it is', (html) => {
    expect(sanitiseContent(html)).toBe(html);
  });

  const cleaned: [string, string, string][] = [
    // Headings: h1 is the page's own title.
    ['renames headings', '<h1>a</h1><h5>b</h5><h6>c</h6>', '<h2>a</h2><h4>b</h4><h4>c</h4>'],
    // Tags off the list: their text stays, the tag goes.
    [
      'drops other tags, keeping their text',
      '<p><span>a</span><font>b</font><code>c</code><sup>d</sup><mark>e</mark></p>',
      '<p>abcde</p>',
    ],
    [
      'drops scripts and styles with their content',
      '<p>a<script>alert(1)</script><style>p{}</style>b</p><noscript>c</noscript>',
      '<p>ab</p>c',
    ],
    [
      'drops embeds, forms and plugins',
      '<object data="x"></object><embed src="x" /><form action="https://x.ge"><input name="a" /><button>b</button></form><svg><script>alert(1)</script></svg>',
      'b',
    ],
    // Attributes off the list.
    [
      'drops style, class, id, handlers, target and title',
      '<p style="color:red" class="a" id="b" onclick="x" title="t" data-x="y">a</p><a href="https://x.ge" target="_blank" rel="opener" onmouseover="x" title="t">b</a>',
      `<p>a</p><a href="https://x.ge" rel="noopener noreferrer">b</a>`,
    ],
    [
      'drops an image’s size, title and handlers',
      `<img src="${image}" alt="a" width="10" height="10" title="t" onerror="x" style="x" />`,
      `<img src="${image}" alt="a" />`,
    ],
    // Link schemes: off the list, the link goes and its text stays (the editor does the same).
    ['unlinks http:', `<p><a href="http://nbg.gov.ge">x</a></p>`, '<p>x</p>'],
    ['unlinks javascript:', `<p><a href="javascript:alert(1)">x</a></p>`, '<p>x</p>'],
    [
      'unlinks an escaped javascript:',
      `<p><a href="java&#x09;script:alert(1)">x</a></p>`,
      '<p>x</p>',
    ],
    ['unlinks a spaced javascript:', `<p><a href=" javascript:alert(1)">x</a></p>`, '<p>x</p>'],
    ['unlinks data:', `<p><a href="data:text/html,x">x</a></p>`, '<p>x</p>'],
    ['unlinks vbscript:', `<p><a href="vbscript:x">x</a></p>`, '<p>x</p>'],
    ['unlinks ftp:', `<p><a href="ftp://x.ge">x</a></p>`, '<p>x</p>'],
    ['unlinks a protocol-relative address', `<p><a href="//evil.example">x</a></p>`, '<p>x</p>'],
    ['unlinks a backslashed host', `<p><a href="/\\evil.example">x</a></p>`, '<p>x</p>'],
    ['unlinks a relative address', `<p><a href="other.html">x</a></p>`, '<p>x</p>'],
    ['unlinks an anchor without an address', `<p><a name="a">x</a></p>`, '<p>x</p>'],
    // Image sources: our uploads only.
    ['drops an image from elsewhere', '<img src="https://evil.example/a.png" />', ''],
    ['drops an image over http', '<img src="http://evil.example/a.png" />', ''],
    ['drops an inline image', '<img src="data:image/png;base64,AAAA" />', ''],
    ['drops an image of no upload', '<img src="/api/content/images/../secret" />', ''],
    ['drops an image with a query', `<img src="${image}?x=1" />`, ''],
    // Iframes: a player of the video origin becomes a video, any other is dropped.
    [
      'turns the player’s iframe into a video',
      `<iframe src="${contentVideoOrigin}/embed/dQw4w9WgXcQ?start=3" title="ვიდეო">fallback</iframe>`,
      '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"></div>',
    ],
    [
      'drops an iframe of youtube.com',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      '',
    ],
    [
      'drops an iframe of a look-alike host',
      '<iframe src="https://www.youtube-nocookie.com.evil.example/embed/dQw4w9WgXcQ"></iframe>',
      '',
    ],
    [
      'drops an iframe of the player’s host over http',
      '<iframe src="http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
      '',
    ],
    [
      'drops an iframe of another path of the player’s host',
      '<iframe src="https://www.youtube-nocookie.com/other/dQw4w9WgXcQ"></iframe>',
      '',
    ],
    ['drops any other iframe', '<iframe src="https://evil.example/embed/x">x</iframe>', ''],
    // Videos hold nothing: the facade draws them.
    [
      'empties a video with children, nested divs and all',
      '<div data-video="youtube" data-id="dQw4w9WgXcQ"><div><p>a</p></div><div>b</div></div><p>c</p>',
      `${video}<p>c</p>`,
    ],
    [
      'keeps a video’s own attributes only',
      '<div data-video="youtube" data-id="dQw4w9WgXcQ" style="x" onclick="x" class="y"></div>',
      video,
    ],
    [
      'reads a video by its YouTube address',
      '<div data-video="youtube" data-youtube-url="https://youtu.be/dQw4w9WgXcQ"></div>',
      video,
    ],
    [
      'drops a video of a malformed id',
      '<div data-video="youtube" data-id="x&quot; onload=&quot;y"><p>a</p></div>',
      '',
    ],
    // Other divs: their content stays, as the editor reads it.
    [
      'keeps an image in a div',
      `<div><img src="${image}" alt="a" /></div>`,
      `<img src="${image}" alt="a" />`,
    ],
    [
      'makes a div’s text a paragraph',
      '<div>a</div><div>b <b>c</b></div>',
      '<p>a</p><p>b <b>c</b></p>',
    ],
    [
      'keeps a div’s blocks and puts its loose text in paragraphs',
      '<div><h2>a</h2>b<div><p>c</p></div></div>',
      '<h2>a</h2><p>b</p><p>c</p>',
    ],
    // The editor's trailing paragraph (and any other empty one at the end) is not text.
    [
      'drops empty paragraphs at the end, and keeps those between',
      `<ul><li><p>a</p></li></ul><p></p><p>b</p>${video}<p> </p><p><br></p><p>&nbsp;</p>`,
      `<ul><li><p>a</p></li></ul><p></p><p>b</p>${video}`,
    ],
    // NUL: HTML has no use for it, and PostgreSQL refuses it.
    ['drops NUL characters', '<p>a\u0000b</p><img src="x\u0000" />', '<p>ab</p>'],
  ];
  it.each(cleaned)('%s', (_rule, html, clean) => {
    expect(sanitiseContent(html)).toBe(clean);
  });

  it('is a fixed point: what it gives back it keeps as it is', () => {
    for (const [, html] of cleaned) {
      const clean = sanitiseContent(html);
      expect(sanitiseContent(clean)).toBe(clean);
    }
  });
});
