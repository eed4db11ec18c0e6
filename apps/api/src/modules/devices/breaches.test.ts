import { describe, expect, it } from 'vitest';
import { defaultBoundaries, findBreaches, findGaps, loggingIntervalMs } from '../../shared/temperature-breaches.js';

const t0 = Date.parse('2026-03-02T15:00:00Z');
/** One reading a minute from t0, the given temperatures. */
const trace = (...celsius: number[]) => celsius.map((c, i) => ({ at: new Date(t0 + i * 60_000), celsius: c }));
const FIVE_MIN = 5 * 60_000;

describe('logger boundaries', () => {
  const warm30 = { above: 8, minutes: 30, severity: 'warning' as const };
  const hot = { above: 15, minutes: 0, severity: 'critical' as const };
  const cold10 = { below: 2, minutes: 10, severity: 'critical' as const };

  it('breaches a minutes boundary when the time beyond adds up, not before', () => {
    const warmFor29 = trace(...Array(29).fill(9), 5, 5);
    expect(findBreaches(warmFor29, [warm30], FIVE_MIN)).toEqual([]);
    const warmFor31 = trace(...Array(31).fill(9), 5);
    const [breach] = findBreaches(warmFor31, [warm30], FIVE_MIN);
    expect(breach.at.toISOString()).toBe('2026-03-02T15:30:00.000Z');
  });

  it('adds up minutes that are not consecutive (cumulative)', () => {
    const onAndOff = trace(...Array(20).fill(9), ...Array(10).fill(5), ...Array(11).fill(9), 5);
    const [breach] = findBreaches(onAndOff, [warm30], FIVE_MIN);
    expect(breach.at.toISOString()).toBe('2026-03-02T15:40:00.000Z');
  });

  it('breaches a 0-minute boundary on the first reading beyond, and orders breaches by time', () => {
    const breaches = findBreaches(trace(5, 9, 16, 5), [warm30, hot], FIVE_MIN);
    expect(breaches).toHaveLength(1);
    expect(breaches[0]).toMatchObject({ boundary: hot, celsius: 16 });
    expect(breaches[0].at.toISOString()).toBe('2026-03-02T15:02:00.000Z');
  });

  it('does not count a silence as minutes beyond: a step counts at most the longest step allowed', () => {
    const silent = [
      { at: new Date(t0), celsius: 9 },
      { at: new Date(t0 + 3 * 3_600_000), celsius: 9 },
    ];
    expect(findBreaches(silent, [warm30], FIVE_MIN)).toEqual([]);
  });

  it('reads below boundaries and readings sent out of order', () => {
    const shuffled = trace(...Array(12).fill(1), 4).reverse();
    expect(findBreaches(shuffled, [cold10], FIVE_MIN)[0].at.toISOString()).toBe('2026-03-02T15:10:00.000Z');
  });

  it('defaults to the class range at once; ambient has none', () => {
    expect(defaultBoundaries('refrigerated')).toEqual([
      { above: 8, minutes: 0, severity: 'critical' },
      { below: 2, minutes: 0, severity: 'critical' },
    ]);
    expect(defaultBoundaries('ambient')).toEqual([]);
  });
});

describe('logger gaps', () => {
  it('finds silences over three intervals, between readings and since the last while on board', () => {
    const points = [...trace(5, 5, 5), { at: new Date(t0 + 10 * 60_000), celsius: 5 }, { at: new Date(t0 + 11 * 60_000), celsius: 5 }];
    expect(loggingIntervalMs(points)).toBe(60_000);
    const gaps = findGaps(points, new Date(t0 + 20 * 60_000));
    expect(gaps.map((g) => [g.from.toISOString(), g.to.toISOString()])).toEqual([
      ['2026-03-02T15:02:00.000Z', '2026-03-02T15:10:00.000Z'],
      ['2026-03-02T15:11:00.000Z', '2026-03-02T15:20:00.000Z'],
    ]);
    expect(findGaps(points, new Date(t0 + 13 * 60_000))).toHaveLength(1);
  });
});
