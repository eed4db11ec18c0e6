import { describe, expect, it } from 'vitest';
import { isValidContactPhone, isValidPhone, normalizePhone, PHONE_PATTERN } from './phone.js';

// A phone number: after removing spaces, an optional leading plus, a nonzero digit, then 1 to 14 more digits.
describe('phone pattern', () => {
  it.each([
    ['+16175550142', true],
    ['16175550142', true],
    ['+1 617 555 0142', true],
    ['12', true],
    ['+12', true],
    ['123456789012345', true],
    ['+123456789012345', true],
    ['1234567890123456', false],
    ['1', false],
    ['+1', false],
    ['06175550142', false],
    ['+06175550142', false],
    ['', false],
    ['   ', false],
    ['++16175550142', false],
    ['617-555-0142', false],
    ['(617) 555-0142', false],
    ['617555O142', false],
    ['16175550142+', false],
  ])('isValidPhone(%j) is %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });

  it('removes every kind of whitespace before matching', () => {
    expect(normalizePhone(' +1 617\t555\n0142 ')).toBe('+16175550142');
    expect(PHONE_PATTERN.test('+1 617')).toBe(false);
  });

  it.each([
    ['(617) 555-0142', true],
    ['617.555.0142', true],
    ['+1 (617) 555-0142', true],
    ['555-0142', true],
    ['(000) 555-0142', false],
    ['phone', false],
    ['+1 (617) 555-0142 ext 4', false],
  ])('the contact-form variant also accepts common punctuation: %j is %s', (phone, valid) => {
    expect(isValidContactPhone(phone)).toBe(valid);
  });
});
