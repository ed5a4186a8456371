import { getHTMLFromFragment, type Editor } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';

/**
 * The editor's text as it is published: without the empty paragraphs at its end (TipTap's
 * trailing node keeps one after a closing list, table or video to type in; the server drops
 * them too), so a text read back and published again stays as it was.
 */
export function contentHtmlOf(editor: Editor): string {
  const { doc, schema } = editor.state;
  let size = doc.content.size;
  for (let count = doc.childCount; count > 1; count--) {
    const last = doc.child(count - 1);
    if (last.type.name !== 'paragraph' || last.content.size > 0) break;
    size -= last.nodeSize;
  }
  return size === doc.content.size
    ? editor.getHTML()
    : getHTMLFromFragment(doc.content.cut(0, size), schema);
}

/**
 * Puts `html` in the editor as the text it starts from: no update is emitted and the undo
 * history starts afresh, so undo never goes back past it (to an empty page, or to another
 * text edited before).
 */
export function loadContent(editor: Editor, html: string): void {
  editor.commands.setContent(html, { emitUpdate: false });
  const { doc, plugins, selection } = editor.state;
  editor.view.updateState(EditorState.create({ doc, plugins, selection }));
}
