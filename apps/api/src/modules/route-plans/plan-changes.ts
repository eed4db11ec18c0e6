import type { TPlanChange } from '@courier/contract';

export interface RouteOrder {
  driverId: string;
  driverName: string;
  /** The driver's jobs in the order they are worked. */
  jobIds: string[];
}

export interface ChangedJob {
  trackingNumber: string;
  priority: 'stat' | 'routine';
}

/** The longest common subsequence of two orders: the jobs that keep their order relative to each other. */
function keptInOrder(before: string[], after: string[]): Set<string> {
  const n = before.length;
  const m = after.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) len[i][j] = before[i] === after[j] ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      kept.add(before[i]);
      i++;
      j++;
    } else if (len[i + 1][j] > len[i][j + 1]) i++;
    // On a tie the earlier job of the old order is the one kept: the other is the one that moved.
    else j++;
  }
  return kept;
}

/**
 * What a re-plan changes, job by job: a job given to another driver (`moved`), one that had no driver (`added`),
 * one left without a driver (`dropped`), and one that stays with its driver but leaves the order the others keep
 * (`resequenced`: the fewest jobs whose moving explains the new order, so a STAT put first is one change, not
 * every stop after it). Jobs that stay in place are not listed; STATs first, then by driver and new order.
 */
export function planChanges(before: RouteOrder[], after: RouteOrder[], jobs: Map<string, ChangedJob>): TPlanChange[] {
  const was = new Map<string, { route: RouteOrder; order: number }>();
  for (const route of before) for (const [k, id] of route.jobIds.entries()) was.set(id, { route, order: k + 1 });
  const now = new Map<string, { route: RouteOrder; order: number }>();
  for (const route of after) for (const [k, id] of route.jobIds.entries()) now.set(id, { route, order: k + 1 });

  const changes: TPlanChange[] = [];
  const change = (id: string, kind: TPlanChange['kind']) => {
    const job = jobs.get(id);
    if (!job) return;
    const from = was.get(id);
    const to = now.get(id);
    changes.push({
      deliveryId: id,
      trackingNumber: job.trackingNumber,
      kind,
      fromDriverId: from?.route.driverId ?? null,
      fromDriverName: from?.route.driverName ?? null,
      toDriverId: to?.route.driverId ?? null,
      toDriverName: to?.route.driverName ?? null,
      fromOrder: from?.order ?? null,
      toOrder: to?.order ?? null,
      priority: job.priority,
    });
  };

  for (const [id, to] of now) {
    const from = was.get(id);
    if (!from) change(id, 'added');
    else if (from.route.driverId !== to.route.driverId) change(id, 'moved');
  }
  for (const id of was.keys()) if (!now.has(id)) change(id, 'dropped');
  for (const route of after) {
    const previous = before.find((r) => r.driverId === route.driverId);
    if (!previous) continue;
    const stayed = new Set(route.jobIds.filter((id) => previous.jobIds.includes(id)));
    const kept = keptInOrder(
      previous.jobIds.filter((id) => stayed.has(id)),
      route.jobIds.filter((id) => stayed.has(id)),
    );
    for (const id of stayed) if (!kept.has(id)) change(id, 'resequenced');
  }
  const rank = (c: TPlanChange) => (c.priority === 'stat' ? 0 : 1);
  return changes.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.toDriverName ?? '\uffff').localeCompare(b.toDriverName ?? '\uffff') ||
      (a.toOrder ?? 0) - (b.toOrder ?? 0) ||
      a.trackingNumber.localeCompare(b.trackingNumber),
  );
}

/** The jobs a re-plan takes off their driver (to another, or to none): what stability keeps few. */
export const movedCount = (changes: TPlanChange[]) => changes.filter((c) => c.kind === 'moved' || c.kind === 'dropped').length;
