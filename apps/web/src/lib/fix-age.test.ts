import { describe, expect, it } from 'vitest';
import { fixAge } from './fix-age';

describe('fixAge', () => {
  const now = new Date('2026-03-02T15:00:00Z');
  it('says how old a position is in the words dispatch reads at a glance', () => {
    expect(fixAge('2026-03-02T14:59:30Z', now)).toBe('just now');
    expect(fixAge('2026-03-02T14:56:00Z', now)).toBe('4 min ago');
    expect(fixAge('2026-03-02T12:55:00Z', now)).toBe('2 h 5 min ago');
    expect(fixAge('2026-03-02T12:00:00Z', now)).toBe('3 h ago');
    expect(fixAge('2026-02-27T15:00:00Z', now)).toBe('3 days ago');
  });
});
