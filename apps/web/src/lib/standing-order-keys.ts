/** Query keys of the standing-order calls: one list, read by the customer's page and staff's. */
export const standingOrderKeys = { all: ['standing-orders'] as const };
