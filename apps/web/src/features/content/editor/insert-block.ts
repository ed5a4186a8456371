import type { ChainedCommands, JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';

/**
 * Inserts a block that holds no text (an image, a video) and puts the cursor in the text after
 * it, a new paragraph if none follows: left selected, the block would be replaced by whatever
 * is inserted next.
 */
export function insertBlock(chain: ChainedCommands, block: JSONContent): ChainedCommands {
  return chain.insertContent(block).command(({ tr, state }) => {
    const end = tr.selection.to;
    const after = TextSelection.findFrom(tr.doc.resolve(end), 1, true);
    const paragraph = state.schema.nodes.paragraph;
    if (after) tr.setSelection(after);
    else if (paragraph) {
      tr.insert(end, paragraph.create());
      tr.setSelection(TextSelection.create(tr.doc, end + 1));
    }
    return true;
  });
}
