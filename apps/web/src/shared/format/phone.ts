/** A `tel:` link for a phone number written with spaces, dashes or brackets. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+*#]/g, '')}`;
}
