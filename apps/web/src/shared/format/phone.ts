/** A `tel:` link for a phone number written with spaces, dashes or brackets. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+*#]/g, '')}`;
}

/**
 * What a customer typed into a phone field, as the API wants it: digits only, without a
 * leading 995 country code (pasted `+995 599 12 34 56` becomes `599123456`). Extra digits are
 * kept, never cut: a number too long is refused with a field error (`isPhoneTooLong`), so the
 * customer sees the mistake instead of a different number.
 */
export function nationalPhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length > 9 && digits.startsWith('995') ? digits.slice(3) : digits;
}

/** A Georgian mobile number has 9 digits after +995. */
export function isPhoneTooLong(phone: string): boolean {
  return phone.length > 9;
}
