import { KIND_DROPOFF, KIND_PICKUP, type Model } from './model.js';

/**
 * One vehicle's route with the caches that make an insertion check O(1) (single stop) or O(route) (a pair):
 * position 0 is the start, 1..m the stops, m+1 the end.
 *  - dep[p]: earliest departure from p (leaving the start at the vehicle's start time, waiting where early)
 *  - lat[p]: latest service start at p that keeps every later stop and the return in time (lat[m+1]: latest return)
 *  - load[p * dims + d]: load on board after p (load[0..]: the single stops' demand loaded at the start);
 *    pmax[p * dims + d] = max load[0..p]
 * dep and lat ignore the vehicle's break and the ride limits: they make the cheap checks necessary conditions,
 * and an insertion that passes them on a vehicle with a break, or in a model with ride limits, is confirmed by
 * `fullCheck` (O(route)), which also places the break.
 */
export class Route {
  stops: number[] = [];
  dep: number[] = [];
  lat: number[] = [];
  load: number[] = [];
  pmax: number[] = [];
  /** travel time plus the stability penalty */
  cost = 0;
  travel = 0;
  /** return - the latest possible departure (0 for an empty route) */
  duration = 0;
  /** break after position breakGap (0: before the first stop), -1: none */
  breakGap = -1;
  /** false when the route as it stands breaks its break window or a ride limit (after a removal) */
  ok = true;
  /** load on board at the start besides the single stops' (drop-offs whose pickup is already done), per dimension */
  onBoard: number[];

  constructor(
    readonly v: number,
    private readonly m: Model,
  ) {
    this.onBoard = new Array(m.dims).fill(0);
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

  /** Recomputes the caches. */
  update(): void {
    const m = this.m;
    const { tt, nLocations: L, dims: D } = m;
    const v = this.v;
    const n = this.stops.length;
    const dep = this.dep;
    const lat = this.lat;
    const load = this.load;
    const pmax = this.pmax;
    dep.length = n + 2;
    lat.length = n + 2;
    load.length = (n + 2) * D;
    pmax.length = (n + 2) * D;
    for (let d = 0; d < D; d++) {
      let initial = this.onBoard[d];
      for (let i = 0; i < n; i++) if (m.kind[this.stops[i]] === 0) initial -= m.delta[this.stops[i] * D + d];
      load[d] = initial;
      pmax[d] = initial;
    }
    dep[0] = m.vStart[v];
    let prev = m.vStartLoc[v];
    let cost = 0;
    let moved = 0;
    const planned = m.jobPlanned;
    for (let p = 1; p <= n; p++) {
      const s = this.stops[p - 1];
      const l = m.loc[s];
      const t = tt[prev * L + l];
      cost += t;
      const a = dep[p - 1] + t;
      dep[p] = Math.max(a, m.early[s]) + m.service[s];
      for (let d = 0; d < D; d++) {
        const x = load[(p - 1) * D + d] + m.delta[s * D + d];
        load[p * D + d] = x;
        pmax[p * D + d] = Math.max(x, pmax[(p - 1) * D + d]);
      }
      const pv = planned[m.jobOfStop[s]];
      if (pv >= 0 && pv !== v) moved++;
      prev = l;
    }
    const endLoc = m.vEndLoc[v];
    const tEnd = tt[prev * L + endLoc];
    cost += tEnd;
    dep[n + 1] = dep[n] + tEnd;
    for (let d = 0; d < D; d++) {
      load[(n + 1) * D + d] = load[n * D + d];
      pmax[(n + 1) * D + d] = pmax[n * D + d];
    }
    lat[n + 1] = m.vEnd[v];
    let next = endLoc;
    for (let p = n; p >= 1; p--) {
      const s = this.stops[p - 1];
      const l = m.loc[s];
      const z = lat[p + 1] - tt[l * L + next] - m.service[s];
      lat[p] = Math.min(z, m.late[s]);
      next = l;
    }
    lat[0] = lat[1] - tt[m.vStartLoc[v] * L + next];
    this.travel = n === 0 ? 0 : cost;
    this.cost = this.travel + m.stability * moved;
    this.breakGap = -1;
    this.ok = true;
    let ret = dep[n + 1];
    if (n > 0 && needsFullCheck(m, v)) {
      const g = fullCheck(m, v, this.stops, n);
      this.ok = g !== FAIL;
      this.breakGap = g >= 0 ? g : -1;
      if (g >= 0) ret = scheduleReturn(m, v, this.stops, n, g);
    }
    if (n === 0) this.duration = 0;
    else {
      const first = this.stops[0];
      const t = tt[m.vStartLoc[v] * L + m.loc[first]];
      const departure = this.breakGap === 0 ? m.vStart[v] : Math.max(m.vStart[v], Math.min(lat[0], m.early[first] - t));
      this.duration = ret - departure;
    }
  }
}

export const FAIL = -2;

export function needsFullCheck(m: Model, v: number): boolean {
  return m.vBreakDur[v] > 0 || m.hasRide;
}

let fdep = new Float64Array(64);
let flat = new Float64Array(64);
let pickDep = new Float64Array(0);

/**
 * Full check of a stop sequence on vehicle v (windows, return, the break, ride limits; capacity is checked by the
 * callers): the break gap (0..n) where the vehicle takes its break, -1 when it has none, FAIL when infeasible.
 * The break goes in the first gap that keeps everything feasible.
 */
export function fullCheck(m: Model, v: number, seq: ArrayLike<number>, n: number): number {
  const { tt, nLocations: L } = m;
  if (fdep.length < n + 2) {
    fdep = new Float64Array(2 * (n + 2));
    flat = new Float64Array(2 * (n + 2));
  }
  if (pickDep.length < m.nJobs) pickDep = new Float64Array(m.nJobs);
  // forward: earliest departures without the break, and how far the prefix keeps its windows
  fdep[0] = m.vStart[v];
  let prev = m.vStartLoc[v];
  let okUpTo = n;
  for (let p = 1; p <= n; p++) {
    const s = seq[p - 1];
    const st = Math.max(fdep[p - 1] + tt[prev * L + m.loc[s]], m.early[s]);
    if (st > m.late[s]) {
      okUpTo = p - 1;
      break;
    }
    fdep[p] = st + m.service[s];
    prev = m.loc[s];
  }
  const endLoc = m.vEndLoc[v];
  const dur = m.vBreakDur[v];
  if (dur <= 0) {
    if (okUpTo < n || fdep[n] + tt[prev * L + endLoc] > m.vEnd[v]) return FAIL;
    return m.hasRide && !ridesOk(m, v, seq, n, -1) ? FAIL : -1;
  }
  // backward: latest starts without the break
  flat[n + 1] = m.vEnd[v];
  let next = endLoc;
  for (let p = n; p >= 1; p--) {
    const s = seq[p - 1];
    const l = m.loc[s];
    flat[p] = Math.min(flat[p + 1] - tt[l * L + next] - m.service[s], m.late[s]);
    next = l;
  }
  const bE = m.vBreakEarly[v];
  const bL = m.vBreakLate[v];
  for (let g = 0; g <= okUpTo; g++) {
    const bs = Math.max(fdep[g], bE);
    if (bs > bL) break;
    const from = g === 0 ? m.vStartLoc[v] : m.loc[seq[g - 1]];
    const t = bs + dur;
    if (g < n) {
      const s = seq[g];
      if (Math.max(t + tt[from * L + m.loc[s]], m.early[s]) > flat[g + 1]) continue;
    } else if (t + tt[from * L + endLoc] > m.vEnd[v]) continue;
    if (m.hasRide && !ridesOk(m, v, seq, n, g)) continue;
    return g;
  }
  return FAIL;
}

/** The ride limits on the earliest schedule with the break after position g (-1: none). */
function ridesOk(m: Model, v: number, seq: ArrayLike<number>, n: number, g: number): boolean {
  const { tt, nLocations: L } = m;
  let time = m.vStart[v];
  let prev = m.vStartLoc[v];
  if (g === 0) time = Math.max(time, m.vBreakEarly[v]) + m.vBreakDur[v];
  for (let p = 1; p <= n; p++) {
    const s = seq[p - 1];
    const st = Math.max(time + tt[prev * L + m.loc[s]], m.early[s]);
    const job = m.jobOfStop[s];
    if (m.kind[s] === KIND_DROPOFF && st - pickDep[job] > m.jobMaxRide[job]) return false;
    time = st + m.service[s];
    if (m.kind[s] === KIND_PICKUP) pickDep[job] = time;
    if (p === g) time = Math.max(time, m.vBreakEarly[v]) + m.vBreakDur[v];
    prev = m.loc[s];
  }
  return true;
}

/** Return time of a feasible sequence with the break after position g. */
export function scheduleReturn(m: Model, v: number, seq: ArrayLike<number>, n: number, g: number): number {
  const { tt, nLocations: L } = m;
  let time = m.vStart[v];
  let prev = m.vStartLoc[v];
  if (g === 0) time = Math.max(time, m.vBreakEarly[v]) + m.vBreakDur[v];
  for (let p = 1; p <= n; p++) {
    const s = seq[p - 1];
    time = Math.max(time + tt[prev * L + m.loc[s]], m.early[s]) + m.service[s];
    if (p === g) time = Math.max(time, m.vBreakEarly[v]) + m.vBreakDur[v];
    prev = m.loc[s];
  }
  return time + tt[prev * L + m.vEndLoc[v]];
}

export interface Insertion {
  delta: number;
  /** insert the (first) stop before position i (1..m+1) */
  i: number;
  /** for a pair: insert the drop-off before original position j (j >= i) */
  j: number;
}

let scratch = new Int32Array(64);

/** The route's stops with the job inserted at (i, j), into `scratch`. */
function withInsertion(r: Route, first: number, pair: boolean, i: number, j: number): Int32Array {
  const n = r.stops.length;
  if (scratch.length < n + 2) scratch = new Int32Array(2 * (n + 2));
  let w = 0;
  for (let p = 1; p <= n + 1; p++) {
    if (p === i) scratch[w++] = first;
    if (pair && p === j) scratch[w++] = first + 1;
    if (p <= n) scratch[w++] = r.stops[p - 1];
  }
  return scratch;
}

/** Whether vehicle v may take the job at all (its restriction to a vehicle and the skills). */
export function allowed(m: Model, job: number, v: number): boolean {
  if (m.jobVehicle[job] >= 0 && m.jobVehicle[job] !== v) return false;
  return !m.compat || m.compat[job * m.nVehicles + v] === 1;
}

/**
 * Cheapest feasible insertion of a job into a route, or null. `blink` (0..1) skips each position with that
 * probability (SISR's blinks); `best` prunes positions that cannot beat it. The delta includes the stability
 * penalty when the job leaves its previous vehicle.
 */
export function bestInsertion(m: Model, r: Route, job: number, rand: () => number, blink: number, best: number, out: Insertion): boolean {
  const { tt, nLocations: L, dims: D } = m;
  if (!allowed(m, job, r.v)) return false;
  const capBase = r.v * D;
  const qBase = job * D;
  const first = m.jobFirst[job];
  const pair = m.kind[first] === KIND_PICKUP;
  const pv = m.jobPlanned[job];
  const extra = m.stability > 0 && pv >= 0 && pv !== r.v ? m.stability * (pair ? 2 : 1) : 0;
  best -= extra;
  const full = needsFullCheck(m, r.v);
  const n = r.stops.length;
  const dep = r.dep;
  const lat = r.lat;
  const load = r.load;
  const pmax = r.pmax;
  const cap = m.vCap;
  const q = m.jobDemand;
  let found = false;
  if (!pair) {
    const u = first;
    const lu = m.loc[u];
    const eu = m.early[u];
    const zu = m.late[u];
    const su = m.service[u];
    for (let d = 0; d < D; d++) if (load[d] + q[qBase + d] > cap[capBase + d]) return false;
    let prev = m.vStartLoc[r.v];
    for (let p = 1; p <= n + 1; p++) {
      if (p > 1) prev = m.loc[r.stops[p - 2]];
      let over = false;
      for (let d = 0; d < D; d++) if (pmax[(p - 1) * D + d] + q[qBase + d] > cap[capBase + d]) over = true;
      if (over) break;
      if (dep[p - 1] > zu) break;
      if (blink > 0 && rand() < blink) continue;
      const next = p <= n ? m.loc[r.stops[p - 1]] : m.vEndLoc[r.v];
      const dl = tt[prev * L + lu] + tt[lu * L + next] - tt[prev * L + next];
      if (dl >= best) continue;
      const a = dep[p - 1] + tt[prev * L + lu];
      const start = Math.max(a, eu);
      if (start > zu) continue;
      if (start + su + tt[lu * L + next] > lat[p]) continue;
      if (full && fullCheck(m, r.v, withInsertion(r, first, false, p, p), n + 1) === FAIL) continue;
      best = dl;
      out.delta = dl + extra;
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
  for (let d = 0; d < D; d++) if (load[d] > cap[capBase + d]) return false;
  const ride = m.jobMaxRide[job];
  for (let i = 1; i <= n + 1; i++) {
    const prev = r.locAt(i - 1);
    if (dep[i - 1] > zp) break;
    let over = false;
    for (let d = 0; d < D; d++) if (load[(i - 1) * D + d] + q[qBase + d] > cap[capBase + d]) over = true;
    if (over) continue;
    if (blink > 0 && rand() < blink) continue;
    const aP = dep[i - 1] + tt[prev * L + lp];
    const sP = Math.max(aP, ep);
    if (sP > zp) continue;
    const dP = sP + sp;
    const nextI = r.locAt(i);
    const base = tt[prev * L + nextI];
    // drop-off right after the pickup
    {
      const dl = tt[prev * L + lp] + tt[lp * L + ld] + tt[ld * L + nextI] - base;
      if (dl < best) {
        const a = dP + tt[lp * L + ld];
        const sD = Math.max(a, ed);
        if (
          sD <= zd &&
          sD + sd + tt[ld * L + nextI] <= lat[i] &&
          (!full || fullCheck(m, r.v, withInsertion(r, first, true, i, i), n + 2) !== FAIL)
        ) {
          best = dl;
          out.delta = dl + extra;
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
      let full2 = false;
      for (let d = 0; d < D; d++) if (load[k * D + d] + q[qBase + d] > cap[capBase + d]) full2 = true;
      if (full2) break;
      cur = st + m.service[s];
      curLoc = lk;
      if (cur > zd) break;
      if (cur - dP > ride) break;
      const nx = r.locAt(k + 1);
      const dl = pickupDelta + tt[curLoc * L + ld] + tt[ld * L + nx] - tt[curLoc * L + nx];
      if (dl >= best) continue;
      const aD = cur + tt[curLoc * L + ld];
      const sD = Math.max(aD, ed);
      if (sD > zd) continue;
      if (sD + sd + tt[ld * L + nx] > lat[k + 1]) continue;
      if (full && fullCheck(m, r.v, withInsertion(r, first, true, i, k + 1), n + 2) === FAIL) continue;
      best = dl;
      out.delta = dl + extra;
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
