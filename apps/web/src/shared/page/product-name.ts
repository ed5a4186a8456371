import { productNamePlaceholder } from '@sesxi/contract';

/**
 * The product's name as the server wrote it into the page (it substitutes PRODUCT_NAME into
 * the title and the application-name meta tag). At build time, when public pages are
 * prerendered, a placeholder the server replaces as it serves them.
 */
export function productName(): string {
  if (typeof document === 'undefined') return productNamePlaceholder;
  const name = document
    .querySelector<HTMLMetaElement>('meta[name="application-name"]')
    ?.content.trim();
  return name === undefined || name === '' ? 'Sesxi' : name;
}

export function pageTitle(title: string): string {
  return `${title} — ${productName()}`;
}
