import { isValidPhone, MESSAGES } from '@courier/contract';

/** The phone rule of the page and the banner; undefined when the number is fine. */
export function phoneError(phone: string): string | undefined {
  if (!phone.trim()) return MESSAGES.phoneRequired;
  if (!isValidPhone(phone.trim())) return MESSAGES.phoneInvalid;
  return undefined;
}

/** The page needs at least one communication preference. */
export function consentError(consent: { sms: boolean; email: boolean; marketing: boolean }): string | undefined {
  return consent.sms || consent.email || consent.marketing ? undefined : MESSAGES.optinPreferenceRequired;
}
