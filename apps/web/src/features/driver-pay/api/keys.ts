/** Query keys of driver pay: one root, so a change refreshes every view of it. */
export const payKeys = {
  all: ['driver-pay'] as const,
  drivers: ['driver-pay', 'drivers'] as const,
  rules: (driverId: string) => ['driver-pay', 'rules', driverId] as const,
  items: (driverId: string, from: string, to: string) => ['driver-pay', 'items', driverId, from, to] as const,
  bank: (driverId: string) => ['driver-pay', 'bank', driverId] as const,
  settlements: (filter: Record<string, string>) => ['driver-pay', 'settlements', filter] as const,
  earnings: (from: string, to: string) => ['driver-pay', 'earnings', from, to] as const,
};
