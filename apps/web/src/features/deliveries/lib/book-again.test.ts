import type { TSavedAddress } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { bookAgainForm, entriesToSave, type TBookAgainSource } from './book-again';
import { HANDLING_DEFAULTS } from './handling-form';
import { initialOrderForm } from './order-form';

const earlier = {
  senderPhone: '+16175550111',
  pickupAddress: '55 Fruit St, Boston, MA 02114',
  recipientName: 'Dana Whitfield',
  recipientPhone: '+16175550123',
  recipientEmail: 'dana@example.test',
  deliveryAddress: '1 Kendall Sq, Cambridge, MA 02139',
  requiredBy: '2026-03-02T22:00:00.000Z',
  packageType: 'SPECIMEN',
  packageSize: 'medium',
  deliveryType: 'EXPRESS',
  specialInstructions: 'Keep cold',
} satisfies TBookAgainSource;

describe('bookAgainForm', () => {
  it('copies pickup, recipient, delivery address and package, but not required-by', () => {
    const form = bookAgainForm(initialOrderForm({ phone: '+16175550100', address: 'Home' }), earlier);
    expect(form).toEqual({
      ...earlier,
      requiredBy: '',
      // A PO or cost centre is per order: never copied.
      reference: '',
      // The handling comes along (a specimen's collection time and stability are new each time).
      ...HANDLING_DEFAULTS,
    });
  });
});

describe('entriesToSave', () => {
  const form = bookAgainForm(initialOrderForm(null), earlier);
  it('saves the ticked pickup point and recipient', () => {
    const entries = entriesToSave(form, { pickup: true, recipient: true }, []);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'pickup', label: '55 Fruit St', address: '55 Fruit St, Boston, MA 02114' }),
      expect.objectContaining({ kind: 'recipient', label: 'Dana Whitfield', contactName: 'Dana Whitfield', email: 'dana@example.test' }),
    ]);
    expect(entriesToSave(form, { pickup: false, recipient: false }, [])).toEqual([]);
  });
  it('skips what is already in the address book', () => {
    const saved = [
      { kind: 'pickup', contactName: '', address: '55 FRUIT ST, Boston, MA 02114' },
      { kind: 'recipient', contactName: 'dana whitfield', address: '1 Kendall Sq, Cambridge, MA 02139' },
    ] satisfies Pick<TSavedAddress, 'kind' | 'address' | 'contactName'>[];
    expect(entriesToSave(form, { pickup: true, recipient: true }, saved)).toEqual([]);
  });
});
