import { describe, expect, it } from 'vitest';
import { isValidContactPhone, isValidPhone, normalizePhone, toE164Phone } from './phone.js';

// One phone rule: US numbers in any usual spelling, others with a plus and their country code; E.164 out.
describe('the phone rule', () => {
  it.each([
    ['+16175550142', '+16175550142'],
    ['16175550142', '+16175550142'],
    ['6175550142', '+16175550142'],
    ['+1 617 555 0142', '+16175550142'],
    ['(617) 555-0177', '+16175550177'],
    ['617-555-0142', '+16175550142'],
    ['617.555.0142', '+16175550142'],
    ['+1 (617) 555-0142', '+16175550142'],
    ['1 (617) 555-0142', '+16175550142'],
    [' +1 617\t555\n0142 ', '+16175550142'],
    ['+447700900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['+86 10 1234 5678', '+861012345678'],
  ])('accepts %j as %s', (phone, e164) => {
    expect(toE164Phone(phone)).toBe(e164);
    expect(isValidContactPhone(phone)).toBe(true);
    expect(isValidPhone(phone)).toBe(true);
    expect(normalizePhone(phone)).toBe(e164);
  });

  it.each([
    '617555',
    '+617555',
    '555-0142',
    '12',
    '+12',
    '1',
    '+1',
    '+1617555014',
    '(000) 555-0142',
    '06175550142',
    '+06175550142',
    '447700900123',
    '+1234567890123456',
    '+123456789012345',
    '+8612345678901234',
    '',
    '   ',
    '++16175550142',
    '617555O142',
    '16175550142+',
    'phone',
    '+1 (617) 555-0142 ext 4',
  ])('refuses %j', (phone) => {
    expect(toE164Phone(phone)).toBeNull();
    expect(isValidContactPhone(phone)).toBe(false);
  });
});
