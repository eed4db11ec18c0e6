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

/**
 * The one e-mail rule: zod's own e-mail pattern, written here without zod so the web's forms can check with
 * it before sending (and stay light); the contract's e-mail fields apply the same pattern on the server.
 */
// biome-ignore lint/complexity/useRegexLiterals: zod's own pattern, character for character, so the OpenAPI document shows the same one
export const EMAIL_PATTERN = new RegExp(
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
);

export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value);
