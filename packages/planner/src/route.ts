import { KIND_PICKUP, type Model } from './model.js';

/**
 * One vehicle's route with the caches that make an insertion check O(1) (single stop) or O(route) (a pair):
 * position 0 is the start, 1..m the stops, m+1 the end.
 *  - dep[p]: earliest departure from p (leaving the start at the vehicle's start time, waiting where early)
 *  - lat[p]: latest service start at p that keeps every later stop and the return in time (lat[m+1]: latest return)
 *  - load[p]: load on board after p (load[0]: the single stops' demand loaded at the start); pmax[p] = max load[0..p]
 */
export class Route {
  stops: number[] = [];
  dep: number[] = [];
  lat: number[] = [];
  load: number[] = [];
  pmax: number[] = [];
  cost = 0;
  /** load on board at the start besides the single stops' (drop-offs whose pickup is already done) */
  onBoard = 0;

  constructor(
    readonly v: number,
    private readonly m: Model,
  ) {
    this.update();
  }

  clone(): Route {
    const r = Object.create(Route.prototype) as Route;
    Object.assign(r, this);
    r.stops = this.stops.slice();
    r.dep = this.dep.slice();
    r.lat = this.lat.slice();
    r.load = this.load.slice();
    r.pmax = this.pmax.slice();
    return r;
  }

  locAt(p: number): number {
    const m = this.m;
    if (p === 0) return m.vStartLoc[this.v];
    if (p > this.stops.length) return m.vEndLoc[this.v];
    return m.loc[this.stops[p - 1]];
  }

  /** Recomputes the caches; the route must be feasible. */
  update(): void {
    const m = this.m;
    const { tt, nLocations: L } = m;
    const n = this.stops.length;
    const dep = this.dep;
    const lat = this.lat;
    const load = this.load;
    const pmax = this.pmax;
    dep.length = n + 2;
    lat.length = n + 2;
    load.length = n + 2;
    pmax.length = n + 2;
    let initial = this.onBoard;
    for (let i = 0; i < n; i++) if (m.kind[this.stops[i]] === 0) initial -= m.delta[this.stops[i]];
    load[0] = initial;
    pmax[0] = initial;
    dep[0] = m.vStart[this.v];
    let prev = m.vStartLoc[this.v];
    let cost = 0;
    for (let p = 1; p <= n; p++) {
      const s = this.stops[p - 1];
      const l = m.loc[s];
      const t = tt[prev * L + l];
      cost += t;
      const a = dep[p - 1] + t;
      dep[p] = Math.max(a, m.early[s]) + m.service[s];
      load[p] = load[p - 1] + m.delta[s];
      pmax[p] = Math.max(load[p], pmax[p - 1]);
      prev = l;
    }
    const endLoc = m.vEndLoc[this.v];
    const tEnd = tt[prev * L + endLoc];
    cost += tEnd;
    dep[n + 1] = dep[n] + tEnd;
    load[n + 1] = load[n];
    pmax[n + 1] = pmax[n];
    lat[n + 1] = m.vEnd[this.v];
    let next = endLoc;
    for (let p = n; p >= 1; p--) {
      const s = this.stops[p - 1];
      const l = m.loc[s];
      const z = lat[p + 1] - tt[l * L + next] - m.service[s];
      lat[p] = Math.min(z, m.late[s]);
      next = l;
    }
    lat[0] = lat[1] - tt[m.vStartLoc[this.v] * L + next];
    this.cost = n === 0 ? 0 : cost;
  }
}

export interface Insertion {
  delta: number;
  /** insert the (first) stop before position i (1..m+1) */
  i: number;
  /** for a pair: insert the drop-off before original position j (j >= i) */
  j: number;
}

/**
 * Cheapest feasible insertion of a job into a route, or null. `blink` (0..1) skips each position with that
 * probability (SISR's blinks); `best` prunes positions that cannot beat it.
 */
export function bestInsertion(m: Model, r: Route, job: number, rand: () => number, blink: number, best: number, out: Insertion): boolean {
  const { tt, nLocations: L } = m;
  const cap = m.vCap[r.v];
  const q = m.jobDemand[job];
  if (m.jobVehicle[job] >= 0 && m.jobVehicle[job] !== r.v) return false;
  const first = m.jobFirst[job];
  const n = r.stops.length;
  const dep = r.dep;
  const lat = r.lat;
  let found = false;
  if (m.kind[first] !== KIND_PICKUP) {
    const u = first;
    const lu = m.loc[u];
    const eu = m.early[u];
    const zu = m.late[u];
    const su = m.service[u];
    if (r.load[0] + q > cap) return false;
    let prev = m.vStartLoc[r.v];
    for (let p = 1; p <= n + 1; p++) {
      if (p > 1) prev = m.loc[r.stops[p - 2]];
      if (r.pmax[p - 1] + q > cap) break;
      if (dep[p - 1] > zu) break;
      if (blink > 0 && rand() < blink) continue;
      const next = p <= n ? m.loc[r.stops[p - 1]] : m.vEndLoc[r.v];
      const d = tt[prev * L + lu] + tt[lu * L + next] - tt[prev * L + next];
      if (d >= best) continue;
      const a = dep[p - 1] + tt[prev * L + lu];
      const start = Math.max(a, eu);
      if (start > zu) continue;
      if (start + su + tt[lu * L + next] > lat[p]) continue;
      best = d;
      out.delta = d;
      out.i = p;
      out.j = p;
      found = true;
    }
    return found;
  }

  const pu = first;
  const du = first + 1;
  const lp = m.loc[pu];
  const ld = m.loc[du];
  const ep = m.early[pu];
  const zp = m.late[pu];
  const ed = m.early[du];
  const zd = m.late[du];
  const sp = m.service[pu];
  const sd = m.service[du];
  if (r.load[0] > cap) return false;
  for (let i = 1; i <= n + 1; i++) {
    const prev = r.locAt(i - 1);
    if (dep[i - 1] > zp) break;
    if (r.load[i - 1] + q > cap) continue;
    if (blink > 0 && rand() < blink) continue;
    const aP = dep[i - 1] + tt[prev * L + lp];
    const sP = Math.max(aP, ep);
    if (sP > zp) continue;
    const dP = sP + sp;
    const nextI = r.locAt(i);
    const base = tt[prev * L + nextI];
    // drop-off right after the pickup
    {
      const d = tt[prev * L + lp] + tt[lp * L + ld] + tt[ld * L + nextI] - base;
      if (d < best) {
        const a = dP + tt[lp * L + ld];
        const sD = Math.max(a, ed);
        if (sD <= zd && sD + sd + tt[ld * L + nextI] <= lat[i]) {
          best = d;
          out.delta = d;
          out.i = i;
          out.j = i;
          found = true;
        }
      }
    }
    const pickupDelta = tt[prev * L + lp] + tt[lp * L + nextI] - base;
    if (pickupDelta >= best) continue;
    let cur = dP;
    let curLoc = lp;
    for (let k = i; k <= n; k++) {
      const s = r.stops[k - 1];
      const lk = m.loc[s];
      const a = cur + tt[curLoc * L + lk];
      const st = Math.max(a, m.early[s]);
      if (st > lat[k]) break;
      if (r.load[k] + q > cap) break;
      cur = st + m.service[s];
      curLoc = lk;
      if (cur > zd) break;
      const nx = r.locAt(k + 1);
      const d = pickupDelta + tt[curLoc * L + ld] + tt[ld * L + nx] - tt[curLoc * L + nx];
      if (d >= best) continue;
      const aD = cur + tt[curLoc * L + ld];
      const sD = Math.max(aD, ed);
      if (sD > zd) continue;
      if (sD + sd + tt[ld * L + nx] > lat[k + 1]) continue;
      best = d;
      out.delta = d;
      out.i = i;
      out.j = k + 1;
      found = true;
    }
  }
  return found;
}

/** Applies an insertion found by bestInsertion (positions refer to the route before the insertion). */
export function applyInsertion(m: Model, r: Route, job: number, ins: Insertion): void {
  const first = m.jobFirst[job];
  if (m.kind[first] !== KIND_PICKUP) {
    r.stops.splice(ins.i - 1, 0, first);
  } else {
    // drop-off first so that the pickup's index stays valid
    r.stops.splice(ins.j - 1, 0, first + 1);
    r.stops.splice(ins.i - 1, 0, first);
  }
  r.update();
}
