import { describe, expect, it } from 'vitest';
import { pageWindow } from '@/components/ui/list-page';
import { formatWhen, toDateTimeLocal, truncateAddress } from './delivery-format';

describe('truncateAddress', () => {
  it('keeps an address of 30 characters or fewer as it is', () => {
    expect(truncateAddress('55 Fruit St, Boston, MA 02114')).toBe('55 Fruit St, Boston, MA 02114');
    expect(truncateAddress('x'.repeat(30))).toBe('x'.repeat(30));
  });

  it('cuts a longer address at a word, within 30 characters, plus an ellipsis', () => {
    expect(truncateAddress('330 Brookline Ave, Boston, MA 02215')).toBe('330 Brookline Ave, Boston, MA...');
    // Never mid-ZIP or mid-word: the cut falls before the word that does not fit, its comma dropped.
    expect(truncateAddress('1 Kendall Sq, Cambridge, MA 02139')).toBe('1 Kendall Sq, Cambridge, MA...');
    expect(truncateAddress('4 Longwood Avenue, Brookline, MA 02446')).toBe('4 Longwood Avenue, Brookline...');
    expect(truncateAddress('x'.repeat(31))).toBe(`${'x'.repeat(30)}...`);
  });

  it('treats a missing address as empty', () => {
    expect(truncateAddress(null)).toBe('');
    expect(truncateAddress(undefined)).toBe('');
  });
});

describe('pageWindow', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres 5 buttons on the current page in a long list', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('stays inside the first and last pages', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a page outside the range and never returns an empty window', () => {
    expect(pageWindow(99, 8)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(0, 0)).toEqual([1]);
  });
});

describe('toDateTimeLocal', () => {
  it('writes the local date and time a datetime-local input takes', () => {
    expect(toDateTimeLocal(new Date(2026, 2, 3, 9, 5))).toBe('2026-03-03T09:05');
  });
});

describe('formatWhen', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  it('shows only the time (12-hour clock) for a moment today', () => {
    expect(formatWhen(new Date(2026, 2, 10, 9, 5), now)).toBe('9:05 AM');
  });

  it('adds the date for any other day', () => {
    expect(formatWhen(new Date(2026, 2, 9, 21, 30), now)).toBe('Mar 9, 2026, 9:30 PM');
  });

  it('shows nothing for a missing or unreadable moment', () => {
    expect(formatWhen(null, now)).toBe('');
    expect(formatWhen('nope', now)).toBe('');
  });
});
