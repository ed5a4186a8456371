/** Whether two HTML strings are the same document, whatever their attributes' order or `<br>`'s spelling. */
export function sameDocument(left: string, right: string): boolean {
  const parse = (html: string) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  };
  return parse(left).isEqualNode(parse(right));
}
