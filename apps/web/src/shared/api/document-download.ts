import { apiDownload } from './api-client';

/**
 * One of a customer's documents, by the address a documents list gave (same origin): the
 * customer's own, or an officer's download, which the server logs.
 */
export function downloadDocument(url: string, fallbackName: string) {
  const { pathname, search } = new URL(url, window.location.origin);
  return apiDownload(pathname + search, { fallbackName });
}
