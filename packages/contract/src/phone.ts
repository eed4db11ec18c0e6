/** Optional leading plus, a nonzero digit, then 1 to 14 more digits (15 at most), after removing spaces. */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

export function normalizePhone(phone: string): string {
  return phone.replace(/\s+/g, '');
}

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(phone));
}

/** Sign-up and delivery forms accept common punctuation too: (617) 555-0100. */
export function isValidContactPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.replace(/[\s().-]/g, ''));
}
