import { MESSAGES } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { checkImage, checkStep, initialOrderForm } from './order-form';

const now = new Date('2026-03-10T12:00:00');
const filled = {
  ...initialOrderForm({ phone: '+16175550123', address: '200 Longwood Ave, Boston, MA 02115' }),
  recipientName: 'Dr. Maya Chen',
  recipientPhone: '(617) 555-0100',
  recipientEmail: 'maya@example.test',
  deliveryAddress: '55 Fruit St, Boston, MA 02114',
  requiredBy: '2026-03-11T09:30',
};

describe('initialOrderForm', () => {
  it("prefills the sender from the user's phone and address and uses the package defaults", () => {
    const form = initialOrderForm({ phone: '+16175550123', address: '200 Longwood Ave' });
    expect(form).toMatchObject({ senderPhone: '+16175550123', pickupAddress: '200 Longwood Ave' });
    expect(form).toMatchObject({ packageType: 'DOCUMENT', packageSize: 'small', deliveryType: 'STANDARD' });
  });
});

describe('checkStep', () => {
  it('lets complete steps through', () => {
    expect(checkStep(1, filled, now).ok).toBe(true);
    expect(checkStep(2, filled, now).ok).toBe(true);
    expect(checkStep(3, filled, now).ok).toBe(true);
  });

  it('blocks a step with an empty required field with "Please fill in all required fields"', () => {
    const check = checkStep(1, { ...filled, pickupAddress: '  ' }, now);
    expect(check.ok).toBe(false);
    expect(check.message).toBe(MESSAGES.fillRequired);
    expect(check.errors.pickupAddress).toBe('Pickup address is required');
  });

  it('needs the recipient e-mail and required-by on step 2, and a valid e-mail', () => {
    expect(checkStep(2, { ...filled, recipientEmail: '' }, now).message).toBe(MESSAGES.fillRequired);
    expect(checkStep(2, { ...filled, requiredBy: '' }, now).message).toBe(MESSAGES.fillRequired);
    const bad = checkStep(2, { ...filled, recipientEmail: 'maya@' }, now);
    expect(bad.ok).toBe(false);
    expect(bad.errors.recipientEmail).toBe('Enter a valid e-mail address');
  });

  it('wants a required-by time in the future and valid phones', () => {
    expect(checkStep(2, { ...filled, requiredBy: '2026-03-10T11:00' }, now).errors.requiredBy).toBe('Choose a date and time in the future');
    expect(checkStep(2, { ...filled, recipientPhone: 'call me' }, now).errors.recipientPhone).toBe('Enter a valid phone number');
  });

  it('does not require special instructions', () => {
    expect(checkStep(3, { ...filled, specialInstructions: '' }, now).ok).toBe(true);
  });
});

describe('checkImage', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(checkImage({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImage({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(checkImage({ type: 'application/pdf', size: 1000 })).toBe('Choose a JPEG, PNG or WebP image');
    expect(checkImage({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('The image must be 5 MB or smaller');
  });
});
