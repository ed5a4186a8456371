import { Node } from '@tiptap/core';
import { insertBlock } from './insert-block';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    video: {
      /** Inserts a YouTube video by its id, with a title for the facade. */
      insertVideo: (attributes: { id: string; title: string }) => ReturnType;
    };
  }
}

/**
 * A video as content keeps it: `<div data-video="youtube" data-id="…" data-title="…">`, the
 * form the server's sanitiser allows and visitors see as a facade. In the editor it is one
 * block drawn by CSS (nothing is loaded from the video host while editing).
 */
export const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,

  addAttributes() {
    return {
      id: { default: null, parseHTML: (element) => element.getAttribute('data-id') },
      title: { default: '', parseHTML: (element) => element.getAttribute('data-title') ?? '' },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-video="youtube"]' }];
  },

  renderHTML({ node }) {
    const { id, title } = node.attrs as { id: string; title: string };
    return [
      'div',
      { 'data-video': 'youtube', 'data-id': id, ...(title ? { 'data-title': title } : {}) },
    ];
  },

  addCommands() {
    return {
      insertVideo:
        (attributes) =>
        ({ chain }) =>
          insertBlock(chain(), { type: this.name, attrs: attributes }).run(),
    };
  },
});
