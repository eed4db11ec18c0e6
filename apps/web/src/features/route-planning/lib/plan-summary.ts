import type { TPlanChange, TPlanObjective } from '@courier/contract';

/** "1 h 05 min", "12 min", "0 min": a duration in seconds as dispatch reads it. */
export function durationText(seconds: number): string {
  const minutes = Math.round(Math.max(0, seconds) / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The objective's parts, labelled, in the order the preview lists them. */
export function objectiveParts(o: TPlanObjective): { label: string; value: string; hint: string }[] {
  return [
    { label: 'Driving', value: durationText(o.distance), hint: 'Total driving time of the routes' },
    { label: 'Lateness', value: durationText(o.lateness), hint: 'Time past the jobs’ windows, summed' },
    { label: 'Longest route', value: durationText(o.balance), hint: 'The longest route’s duration: what balancing shortens' },
    { label: 'Stops moved', value: String(o.moved), hint: 'Stops put on another driver than planned' },
  ];
}

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${s}`;
};

/** One change in a sentence: "Moved from Alex Kim to Sam Lee (3rd stop)". */
export function changeText(c: TPlanChange): string {
  const at = c.toOrder ? ` (${ordinal(c.toOrder)} job)` : '';
  switch (c.kind) {
    case 'moved':
      return `Moved from ${c.fromDriverName ?? 'another driver'} to ${c.toDriverName ?? 'another driver'}${at}`;
    case 'added':
      return `Given to ${c.toDriverName ?? 'a driver'}${at}`;
    case 'dropped':
      return `Taken off ${c.fromDriverName ?? 'its driver'}’s route: not placed`;
    default:
      return `${c.toDriverName ?? 'Its driver'}: ${c.fromOrder ? ordinal(c.fromOrder) : '?'} → ${c.toOrder ? ordinal(c.toOrder) : '?'} job`;
  }
}

/** A run id the server accepts (a v4 uuid), also where crypto.randomUUID is missing (a page not served over https). */
export function newRunId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
