import {
  contentAllowedAttributes,
  contentAllowedTags,
  contentLinkRel,
  contentLinkSchemes,
  contentVideoOrigin,
  isContentHref,
  isContentImageSrc,
  youtubeIdFormat,
  youtubeIdOf,
} from '@sesxi/contract';
import render from 'dom-serializer';
import { Element, Text, type ChildNode, type ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

const videoEmbed = new RegExp(
  `^${contentVideoOrigin.replaceAll('.', '\\.')}/embed/([A-Za-z0-9_-]{11})(?:[?#].*)?$`,
);

/** A video as the content keeps it: the facade's `<div data-video="youtube" …>`, empty. */
function videoAttributes(id: string, title: string | undefined): Record<string, string> {
  return {
    'data-video': 'youtube',
    'data-id': id,
    ...(title ? { 'data-title': title.slice(0, 200) } : {}),
  };
}

/** The tags that stand as blocks of their own, as the editor's blocks do (an image is one). */
const blockTags = new Set([
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'blockquote', 'ul', 'ol', 'li', 'hr', 'pre'],
  ...['table', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
  ...['img', 'div', 'iframe'],
]);

function isInline(node: ChildNode): boolean {
  return !(node instanceof Element && blockTags.has(node.name));
}

/** Puts `nodes` where `element` was, and takes `element` out. */
function replaceWith(element: Element, nodes: ChildNode[]): void {
  for (const node of nodes) {
    DomUtils.removeElement(node);
    DomUtils.prepend(element, node);
  }
  DomUtils.removeElement(element);
}

/** A div's content as the editor reads it: runs of text and inline elements as paragraphs. */
function asBlocks(nodes: ChildNode[]): ChildNode[] {
  const blocks: ChildNode[] = [];
  let run: ChildNode[] = [];
  const endRun = () => {
    const hasContent = run.some(
      (node) => node instanceof Element || (node instanceof Text && node.data.trim() !== ''),
    );
    if (hasContent) blocks.push(new Element('p', {}, run));
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) run.push(node);
    else {
      endRun();
      blocks.push(node);
    }
  }
  endRun();
  return blocks;
}

/**
 * The structure the editor gives content, before the allow-list: a video holds nothing (its
 * facade draws it), an iframe is a video of the player's origin or nothing, any other div is
 * taken away with its content kept as paragraphs and blocks, and a link to an address the
 * allow-list refuses is taken away with its text kept (as the editor drops such a link).
 */
function normaliseStructure(parent: ParentNode): void {
  for (const node of [...parent.children]) {
    if (!(node instanceof Element)) continue;
    const { name, attribs } = node;
    if (name === 'iframe') {
      const id = videoEmbed.exec(attribs.src ?? '')?.[1];
      if (id) replaceWith(node, [new Element('div', videoAttributes(id, attribs.title))]);
      else DomUtils.removeElement(node);
    } else if (name === 'div' && attribs['data-video'] === 'youtube') {
      for (const child of [...node.children]) DomUtils.removeElement(child);
    } else {
      normaliseStructure(node);
      if (name === 'div') replaceWith(node, asBlocks(node.children));
      else if (name === 'a' && !isContentHref(attribs.href ?? '')) replaceWith(node, node.children);
    }
  }
}

/** The allow-list of `@sesxi/contract` (content-html.ts), in sanitize-html's terms. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...contentAllowedTags],
  allowedAttributes: Object.fromEntries(
    Object.entries(contentAllowedAttributes).map(([tag, names]) => [tag, [...names]]),
  ),
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'col'],
  allowedSchemes: [...contentLinkSchemes],
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
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: contentLinkRel },
    }),
    div: (tagName, attribs) => {
      const id = attribs['data-id'] ?? youtubeIdOf(attribs['data-youtube-url'] ?? '');
      if (attribs['data-video'] === 'youtube' && id && youtubeIdFormat.test(id)) {
        return { tagName, attribs: videoAttributes(id, attribs['data-title']) };
      }
      return { tagName, attribs: {} };
    },
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isContentImageSrc(frame.attribs.src ?? '')) ||
    (frame.tag === 'div' && !frame.attribs['data-video']),
};

/** A paragraph with nothing to read at the very end, as the allow-list writes one. */
const trailingEmptyParagraph = /<p>(?:\s|&nbsp;|<br \/>)*<\/p>$/;

/**
 * The HTML visitors may get from whatever an editor sent: the editor's structure, then the
 * allow-list (sanitize-html has the last word). NUL characters go first: HTML has no use for
 * them and PostgreSQL refuses them in text. Empty paragraphs at the end go last: the editor
 * keeps one after a closing list, table or video to type in (TipTap's trailing node), and
 * kept, each publish would carry it into the next.
 */
export function sanitiseContent(html: string): string {
  const document = parseDocument(html.replaceAll('\u0000', ''));
  normaliseStructure(document);
  let clean = sanitizeHtml(render(document.children, { encodeEntities: 'utf8' }), options);
  while (trailingEmptyParagraph.test(clean)) clean = clean.replace(trailingEmptyParagraph, '');
  return clean;
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
