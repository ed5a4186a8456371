/** A person's name as the pages write it: name, then surname. */
export function personName(someone: { name: string; surname: string }): string {
  return `${someone.name} ${someone.surname}`;
}
