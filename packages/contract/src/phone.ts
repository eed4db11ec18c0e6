/** E.164: a plus, a nonzero digit, then 1 to 14 more digits. What a number becomes once accepted. */
export const PHONE_PATTERN = /^\+[1-9]\d{1,14}$/;

/** A North American number: ten digits, the area code starting with 2-9. */
const NANP = /^[2-9]\d{9}$/;

/**
 * The one phone rule, for every form on both sides: US numbers in any usual spelling ("(617) 555-0177",
 * "617.555.0177", "1 617 555 0177", "+1 617 555 0177"), and numbers elsewhere with their country code after a
 * plus ("+44 7700 900123"). Answers the number in E.164, or null when it is not a number a text can reach.
 */
export function toE164Phone(phone: string): string | null {
  const compact = phone.replace(/[\s().-]/g, '');
  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return null;
  if (NANP.test(digits) && !plus) return `+1${digits}`;
  if (digits.startsWith('1')) return NANP.test(digits.slice(1)) ? `+${digits}` : null;
  // Outside North America: a country code is required, and no real number is shorter than 8 digits with it.
  return plus && digits.length >= 8 && PHONE_PATTERN.test(`+${digits}`) ? `+${digits}` : null;
}

export function isValidContactPhone(phone: string): boolean {
  return toE164Phone(phone) !== null;
}

/** The same rule under the name the opt-in schema has used. */
export const isValidPhone = isValidContactPhone;

/** The E.164 form of a valid number; anything else comes back with its whitespace removed (never stored: schemas refuse it first). */
export function normalizePhone(phone: string): string {
  return toE164Phone(phone) ?? phone.replace(/\s+/g, '');
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
