import { contentImagePath, youtubeIdFormat, youtubeIdOf } from '@sesxi/contract';
import sanitizeHtml from 'sanitize-html';

const imageSource = new RegExp(
  `^${contentImagePath.replaceAll('/', '\\/')}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
);
const videoEmbed = /^https:\/\/www\.youtube-nocookie\.com\/embed\/([A-Za-z0-9_-]{11})(?:[?#].*)?$/;

/** A video as the content keeps it: the facade's `<div data-video="youtube" …>`. */
function videoDiv(id: string, title: string | undefined): sanitizeHtml.Tag {
  return {
    tagName: 'div',
    attribs: {
      'data-video': 'youtube',
      'data-id': id,
      ...(title ? { 'data-title': title.slice(0, 200) } : {}),
    },
  };
}

/**
 * The allow-list (issue 17): headings, paragraphs, lists, links (https, mailto, tel; never
 * opener), bold and italic, tables, images from our own upload path, and videos only as our
 * own `<div data-video="youtube" data-id="…">` (an iframe from youtube-nocookie.com/embed is
 * turned into one). No script, no `on*` handler, no `style`, no other iframe or element.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    div: ['data-video', 'data-id', 'data-title'],
  },
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // h1 is the page's own title: a pasted one becomes a section heading.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
      },
    }),
    iframe: (tagName, attribs) => {
      const id = videoEmbed.exec(attribs.src ?? '')?.[1];
      return id ? videoDiv(id, attribs.title) : { tagName, attribs: {} };
    },
    div: (tagName, attribs) => {
      const id = attribs['data-id'] ?? youtubeIdOf(attribs['data-youtube-url'] ?? '');
      if (attribs['data-video'] === 'youtube' && id && youtubeIdFormat.test(id)) {
        return videoDiv(id, attribs['data-title']);
      }
      return { tagName, attribs: {} };
    },
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !imageSource.test(frame.attribs.src ?? '')) ||
    // A video's div holds nothing; a plain div with nothing in it is dropped.
    (frame.tag === 'div' && !frame.attribs['data-video'] && !frame.text.trim()),
  textFilter: (text) => text,
};

/** The HTML visitors may get from whatever an editor sent. */
export function sanitiseContent(html: string): string {
  const clean = sanitizeHtml(html, options);
  // A video's div keeps no children: the facade draws it.
  return clean.replace(
    /(<div data-video="youtube" data-id="[A-Za-z0-9_-]{11}"(?: data-title="[^"]*")?>)[\s\S]*?<\/div>/g,
    '$1</div>',
  );
}

/** A consent wording stored as text, as HTML: one paragraph a line. */
export function textToHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Sanitised HTML as the consent screens' text: one line a block, entities decoded. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h[1-6]|li|tr|blockquote|div)>/g, '\n')
    .replace(/<\/t[hd]>/g, ' ');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
