import { contentLinkRel, isContentHref, isContentImageSrc } from '@sesxi/contract';
import { mergeAttributes, type Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { editorImageSrc } from './editor-images';
import { insertBlock } from './insert-block';
import { Video } from './video-node';

/**
 * The editor writes only what the server's allow-list keeps (`@sesxi/contract`'s
 * content-html.ts), so what an editor sees is what visitors get: each node and mark below
 * carries exactly the attributes the allow-list has for its tag.
 */

/** A link: an address the allow-list takes (https:, mailto:, tel:, a page of the site), our rel. */
const ContentLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      rel: { default: contentLinkRel, parseHTML: () => contentLinkRel },
    };
  },
}).configure({
  openOnClick: false,
  HTMLAttributes: { target: null, rel: null, class: null },
  // A typed `www.nbg.gov.ge` becomes https://; a typed http:// address is not linked.
  defaultProtocol: 'https',
  isAllowedUri: (url) => isContentHref(url),
  shouldAutoLink: (url) => !/^[a-z][a-z0-9+.-]*:/i.test(url) || isContentHref(url),
});

/** An uploaded image (no other source), with its description; shown with the editor's session. */
const ContentImage = Image.extend({
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) =>
          isContentImageSrc(element.getAttribute('src') ?? '') ? null : false,
      },
    ];
  },
  addCommands() {
    return {
      setImage:
        (attributes) =>
        ({ chain }) =>
          insertBlock(chain(), { type: this.name, attrs: attributes }).run(),
    };
  },
  addNodeView() {
    return ({ node }) => {
      const image = document.createElement('img');
      let shown: unknown;
      const show = (attributes: Record<string, unknown>) => {
        const { src, alt } = attributes as { src: string; alt: string | null };
        image.alt = alt ?? '';
        if (shown === src) return;
        shown = src;
        void editorImageSrc(src).then((data) => {
          if (data && shown === src) image.src = data;
        });
      };
      show(node.attrs);
      return {
        dom: image,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          show(updated.attrs);
          return true;
        },
      };
    };
  },
});

/** A table as the allow-list has it: no inline widths, no column group. */
const ContentTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
}).configure({ resizable: false });

const spans = {
  colspan: { default: 1 },
  rowspan: { default: 1 },
};
const ContentTableCell = TableCell.extend({ addAttributes: () => spans });
const ContentTableHeader = TableHeader.extend({ addAttributes: () => spans });

export const contentEditorExtensions: Extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    link: false,
  }),
  ContentLink,
  ContentTable,
  TableRow,
  ContentTableHeader,
  ContentTableCell,
  ContentImage,
  Video,
];
