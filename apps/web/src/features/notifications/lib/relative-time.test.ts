import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says "just now" for the last 45 seconds', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(44), now)).toBe('just now');
  });

  it('counts minutes and hours', () => {
    expect(relativeTime(ago(50), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
  });

  it('says yesterday, then days, weeks, months and years', () => {
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86400), now)).toBe('3 days ago');
    expect(relativeTime(ago(14 * 86400), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(65 * 86400), now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86400), now)).toBe('2 years ago');
  });

  it('reads Date objects and ignores an unreadable time', () => {
    expect(relativeTime(new Date(now.getTime() - 120_000), now)).toBe('2 minutes ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
