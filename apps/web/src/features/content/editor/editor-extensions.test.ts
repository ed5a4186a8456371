import { Editor } from '@tiptap/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// The server's own sanitiser: what the editor writes must come back from it unchanged.
import { sanitiseContent } from '../../../../../server/src/modules/content/sanitise.ts';
import { mockFetch } from '../../../test/api-fixtures';
import { sameDocument } from '../../../test/same-document';
import { contentHtmlOf } from './editor-content';
import { contentEditorExtensions } from './editor-extensions';

const image = '/api/content/images/3f0c1b2a-1111-4222-8333-444455556666';

let editor: Editor;

beforeEach(() => {
  mockFetch(
    () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })),
  );
  editor = new Editor({ extensions: contentEditorExtensions });
});

afterEach(() => {
  editor.destroy();
});

/** What the editor writes (publishes) for `html` loaded into it. */
function written(html: string): string {
  editor.commands.setContent(html);
  return contentHtmlOf(editor);
}

describe('the editor’s HTML', () => {
  it('keeps an image in a div, as the sanitiser does', () => {
    const html = written(`<div><img src="${image}" alt="სქემა" title="t" width="40"></div>`);
    expect(html).toContain(`<img src="${image}" alt="სქემა">`);
    expect(sameDocument(sanitiseContent(html), html)).toBe(true);
  });

  it('drops the link of an http:// address, keeping its text, as the sanitiser does', () => {
    const html = written(
      '<p><a href="http://nbg.gov.ge" title="t" target="_blank" rel="nofollow">ეროვნული ბანკი</a></p>',
    );
    expect(html).toBe('<p>ეროვნული ბანკი</p>');
    expect(sanitiseContent(html)).toBe(html);
  });

  it('keeps a video without its children, as the sanitiser does', () => {
    const html = written(
      '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"><div><p>შიგნით</p></div></div><p>შემდეგ</p>',
    );
    expect(html).toBe(
      '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"></div><p>შემდეგ</p>',
    );
    expect(sanitiseContent(html)).toBe(html);
  });

  const pasted = [
    '<p><a href="https://nbg.gov.ge" target="_blank" rel="opener" title="t" class="x">https</a> <a href="mailto:info@example.ge">mail</a> <a href="tel:+995322000000">tel</a> <a href="/faq">faq</a> <a href="javascript:alert(1)">js</a> <a href="//evil.example">evil</a></p>',
    '<table style="width: 300px"><colgroup><col style="width: 100px"></colgroup><tr><th colspan="2" style="text-align: center">სათაური</th></tr><tr><td>ა</td><td data-colwidth="90">ბ</td></tr></table>',
    '<h1>სათაური</h1><h4>ქვე</h4><ul><li>ერთი</li></ul><ol start="3"><li>სამი</li></ol><blockquote>ციტატა</blockquote><hr>',
    '<p><strong>a</strong><b>b</b><em>c</em><i>d</i><u>e</u><s>f</s>g<br>h<span style="color:red">i</span><code>j</code></p>',
    '<p>ტექსტი <img src="https://evil.example/a.png"> <img src="data:image/png;base64,AAAA"> <img src="' +
      image +
      '"> დასასრული</p>',
    '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><div>ა</div><div>ბ <b>გ</b></div>',
  ];
  it.each(pasted)('writes only what the sanitiser keeps as it is: %s', (input) => {
    const html = written(input);
    expect(sameDocument(sanitiseContent(html), html)).toBe(true);
  });
});

describe('a text published again and again', () => {
  it.each([
    ['a list', '<p>ა</p><ul><li><p>ბ</p></li></ul>'],
    ['a table', '<table><tbody><tr><td><p>ა</p></td></tr></tbody></table>'],
    ['a video', '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"></div>'],
  ])('ending in %s stays as it is: no empty paragraph is added at its end', (_end, start) => {
    let html = sanitiseContent(start);
    const published: string[] = [];
    for (let time = 0; time < 3; time++) {
      html = sanitiseContent(written(html));
      published.push(html);
    }
    // The editor keeps a paragraph to type in after the block; it is not part of the text.
    expect(editor.getHTML()).toMatch(/<p><\/p>$/);
    expect(published).toEqual([html, html, html]);
    expect(sameDocument(html, sanitiseContent(start))).toBe(true);
  });

  it('keeps empty paragraphs between blocks, and the one empty paragraph of an empty text', () => {
    expect(written('<p>ა</p><p></p><p>ბ</p><p></p><p></p>')).toBe('<p>ა</p><p></p><p>ბ</p>');
    expect(written('')).toBe('<p></p>');
  });
});

describe('inserting', () => {
  it('puts an image and then a video one after the other, the second not replacing the first', () => {
    editor.commands.setContent('<p>ტექსტი</p>');
    editor.commands.focus('end');
    editor.chain().focus().setImage({ src: image, alt: 'სქემა' }).run();
    editor.chain().focus().insertVideo({ id: 'dQw4w9WgXcQ', title: 'ვიდეო' }).run();
    editor.chain().focus().setImage({ src: image, alt: 'მეორე' }).run();
    const html = editor.getHTML();
    expect(html).toContain(`<img src="${image}" alt="სქემა">`);
    expect(html).toContain('<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო">');
    expect(html).toContain(`<img src="${image}" alt="მეორე">`);
    expect(html.indexOf('სქემა')).toBeLessThan(html.indexOf('dQw4w9WgXcQ'));
    expect(html.indexOf('dQw4w9WgXcQ')).toBeLessThan(html.indexOf('მეორე'));
  });
});
