/**
 * The product's name as the server wrote it into index.html (it substitutes PRODUCT_NAME into
 * the title and this meta tag).
 */
export function productName(): string {
  const name = document
    .querySelector<HTMLMetaElement>('meta[name="application-name"]')
    ?.content.trim();
  return name === undefined || name === '' ? 'Sesxi' : name;
}

export function pageTitle(title: string): string {
  return `${title} — ${productName()}`;
}
