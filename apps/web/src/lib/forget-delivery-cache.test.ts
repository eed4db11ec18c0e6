import { describe, expect, it } from 'vitest';
import { forgetDeliveryCache } from './forget-delivery-cache';

describe('forgetDeliveryCache', () => {
  it('removes the old delivery list an earlier build left in the browser, and nothing else', () => {
    localStorage.setItem('deliveries', JSON.stringify([{ recipientName: 'Ward 4', recipientPhone: '+15555550100' }]));
    localStorage.setItem('deliveriesStats', '{"total":1}');
    localStorage.setItem('token', 't1');

    forgetDeliveryCache();

    expect(localStorage.getItem('deliveries')).toBeNull();
    expect(localStorage.getItem('deliveriesStats')).toBeNull();
    expect(localStorage.getItem('token')).toBe('t1');
  });
});
