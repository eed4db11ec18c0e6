import { MESSAGES } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { readDeliveryList } from './delivery-stats';

const d = (status: string) => ({ _id: status, status });

describe('readDeliveryList', () => {
  it('reads the paged object with its counts', () => {
    const list = readDeliveryList(
      {
        success: true,
        deliveries: [d('pending')],
        totalDeliveries: 40,
        activeDeliveries: 20,
        completedDeliveries: 5,
        pendingDeliveries: 5,
        profileActiveDeliveries: 10,
        matchingDeliveries: 40,
        currentPage: 2,
        totalPages: 4,
        limit: 10,
      },
      10,
    );
    expect(list.stats).toEqual({
      totalDeliveries: 40,
      activeDeliveries: 20,
      completedDeliveries: 5,
      pendingDeliveries: 5,
      profileActiveDeliveries: 10,
    });
    expect(list).toMatchObject({ currentPage: 2, totalPages: 4, limit: 10, matchingDeliveries: 40 });
  });

  it('accepts a bare array and counts the groups itself (profile active: assigned or in transit only)', () => {
    const list = readDeliveryList([d('pending'), d('assigned'), d('picked_up'), d('in_transit'), d('delivered'), d('cancelled')], 10);
    expect(list.stats).toEqual({
      totalDeliveries: 6,
      activeDeliveries: 3,
      completedDeliveries: 1,
      pendingDeliveries: 1,
      profileActiveDeliveries: 2,
    });
    expect(list).toMatchObject({ currentPage: 1, totalPages: 1 });
  });

  it('rejects anything without a deliveries array', () => {
    expect(() => readDeliveryList({ deliveries: 'x' }, 10)).toThrow(MESSAGES.deliveriesInvalidFormat);
    expect(() => readDeliveryList(null, 10)).toThrow(MESSAGES.deliveriesInvalidFormat);
    expect(() => readDeliveryList('oops', 10)).toThrow(MESSAGES.deliveriesInvalidFormat);
  });
});
