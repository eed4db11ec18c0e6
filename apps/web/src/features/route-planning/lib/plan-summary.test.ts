import type { TPlanChange } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import { changeText, durationText, newRunId, objectiveParts } from './plan-summary';

const change = (over: Partial<TPlanChange>): TPlanChange => ({
  deliveryId: 'd1',
  trackingNumber: 'MC0000000001',
  kind: 'moved',
  fromDriverId: 'a',
  fromDriverName: 'Marcus Bell',
  toDriverId: 'b',
  toDriverName: 'Ana Ruiz',
  fromOrder: 2,
  toOrder: 3,
  priority: 'routine',
  ...over,
});

describe('the re-plan preview in words', () => {
  it('reads durations and the objective’s parts', () => {
    expect(durationText(0)).toBe('0 min');
    expect(durationText(59 * 60)).toBe('59 min');
    expect(durationText(3900)).toBe('1 h 05 min');
    expect(objectiveParts({ distance: 7200, lateness: 0, balance: 5400, moved: 2 }).map((p) => `${p.label}: ${p.value}`)).toEqual([
      'Driving: 2 h 00 min',
      'Lateness: 0 min',
      'Longest route: 1 h 30 min',
      'Stops moved: 2',
    ]);
  });

  it('says what each change does', () => {
    expect(changeText(change({}))).toBe('Moved from Marcus Bell to Ana Ruiz (3rd job)');
    expect(changeText(change({ kind: 'added', fromDriverId: null, fromDriverName: null, toOrder: 1 }))).toBe('Given to Ana Ruiz (1st job)');
    expect(changeText(change({ kind: 'resequenced', toDriverName: 'Ana Ruiz', fromOrder: 4, toOrder: 2 }))).toBe('Ana Ruiz: 4th → 2nd job');
    expect(changeText(change({ kind: 'dropped', toDriverId: null, toDriverName: null, toOrder: null }))).toBe(
      'Taken off Marcus Bell’s route: not placed',
    );
  });

  it('makes run ids the server accepts', () => {
    expect(newRunId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
