import { describe, expect, it } from 'vitest';
import { readTrackingNumber } from './read-tracking-number';

describe('readTrackingNumber', () => {
  it('reads a typed number, whatever its case and spaces', () => {
    expect(readTrackingNumber('  mc7k2p9x4q1z ')).toBe('MC7K2P9X4Q1Z');
  });

  it.each(['MC 7K2 P9X 4Q1Z', 'mc 7k2p 9x4q 1z', 'MC-7K2P-9X4Q-1Z', 'MC 7K2P 9X4Q IZ'])(
    'reads a number typed as the label groups it, as tracking lookup does: %j',
    (typed) => {
      expect(readTrackingNumber(typed)).toBe('MC7K2P9X4Q1Z');
    },
  );

  it('reads the number out of the label QR code tracking link', () => {
    expect(readTrackingNumber('https://courier.example/track/MC7K2P9X4Q1Z')).toBe('MC7K2P9X4Q1Z');
  });

  it('keeps anything else as typed, for the server to refuse with its message', () => {
    expect(readTrackingNumber('abc')).toBe('ABC');
  });
});
