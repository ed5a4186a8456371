/** A `tel:` link for a phone number written with spaces, dashes or brackets. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+*#]/g, '')}`;
}

/**
 * What a customer typed into a phone field, as the API wants it: digits only, without a
 * leading 995 country code (pasted `+995 599 12 34 56` becomes `599123456`), at most 9 digits.
 */
export function nationalPhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const national = digits.length > 9 && digits.startsWith('995') ? digits.slice(3) : digits;
  return national.slice(0, 9);
}
