/** Every character LIKE treats specially, made literal: a search is plain text. */
export function likePatternContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
}
