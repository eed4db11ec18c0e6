import { describe, expect, it } from 'vitest';
import { clickSelection, isTypingTarget, togglePage } from './job-selection';

const jobs = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, orderId: `MC-${id}` }));
const ids = (m: Map<string, string>) => [...m.keys()].sort();

describe('job selection', () => {
  it('flips one job per click, and Shift+click sets the range from the anchor to the new state', () => {
    let s = clickSelection(new Map(), jobs, jobs[1], null, false);
    expect(ids(s)).toEqual(['b']);
    s = clickSelection(s, jobs, jobs[3], 'b', true);
    expect(ids(s)).toEqual(['b', 'c', 'd']);
    // a range upwards, from d to a
    s = clickSelection(s, jobs, jobs[0], 'd', true);
    expect(ids(s)).toEqual(['a', 'b', 'c', 'd']);
    // Shift+click on a chosen job clears the range
    s = clickSelection(s, jobs, jobs[2], 'a', true);
    expect(ids(s)).toEqual(['d']);
    // without an anchor on screen, Shift+click is a plain click
    expect(ids(clickSelection(new Map(), jobs, jobs[4], 'gone', true))).toEqual(['e']);
    expect(s.get('d')).toBe('MC-d');
  });

  it('selects a whole page, or clears it when it is all selected', () => {
    const some = new Map([['a', 'MC-a']]);
    const all = togglePage(some, jobs.slice(0, 3));
    expect(ids(all)).toEqual(['a', 'b', 'c']);
    expect(ids(togglePage(new Map([...all, ['e', 'MC-e']]), jobs.slice(0, 3)))).toEqual(['e']);
  });

  it('knows when a key press is typing', () => {
    const text = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    const area = document.createElement('textarea');
    expect([text, box, area, document.createElement('div')].map(isTypingTarget)).toEqual([true, false, true, false]);
  });
});
