import { MESSAGES } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { consentError, phoneError } from './optin-rules';

describe('opt-in rules', () => {
  it('requires a phone number', () => {
    expect(phoneError('')).toBe(MESSAGES.phoneRequired);
    expect(phoneError('   ')).toBe(MESSAGES.phoneRequired);
  });

  it('accepts an optional plus, a nonzero digit and 1 to 14 more digits, spaces ignored', () => {
    for (const ok of ['+1 617 555 0142', '6175550142', '+447700900123', '12', '+123456789012345']) expect(phoneError(ok)).toBeUndefined();
    for (const bad of ['0617555', '1', '+1234567890123456', '(617) 555-0142', '617-555-0142', 'phone'])
      expect(phoneError(bad)).toBe(MESSAGES.phoneInvalid);
  });

  it('needs at least one communication preference', () => {
    expect(consentError({ sms: false, email: false, marketing: false })).toBe(MESSAGES.optinPreferenceRequired);
    expect(consentError({ sms: false, email: false, marketing: true })).toBeUndefined();
  });
});
