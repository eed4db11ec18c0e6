import { describe, expect, it } from 'vitest';
import { readTrackingNumber } from './read-tracking-number';

describe('readTrackingNumber', () => {
  it('reads a typed number, whatever its case and spaces', () => {
    expect(readTrackingNumber('  mc7k2p9x4q1z ')).toBe('MC7K2P9X4Q1Z');
  });

  it('reads the number out of the label QR code tracking link', () => {
    expect(readTrackingNumber('https://courier.example/track/MC7K2P9X4Q1Z')).toBe('MC7K2P9X4Q1Z');
  });

  it('keeps anything else as typed, for the server to refuse with its message', () => {
    expect(readTrackingNumber('abc')).toBe('ABC');
  });
});
