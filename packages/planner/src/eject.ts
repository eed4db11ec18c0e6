import { KIND_SINGLE, type Model } from './model.js';
import { allowed, applyInsertion, bestInsertion, type Insertion, type Route } from './route.js';

/**
 * Guided ejection search (Nagata & Bräysy, "A powerful route minimization heuristic for the vehicle routing problem
 * with time windows", 2009) for a fleet the greedy start could not fit everything into: the jobs left out wait in
 * a pool (last in, first out); each in turn goes where it fits, else in the place that ejects at most KMAX jobs of
 * the smallest total penalty (a job's penalty counts how often it came back and fitted nowhere), and the ejected
 * jobs join the pool; random feasible moves between insertions keep the routes from settling.
 * For single-stop jobs without breaks, ride limits or stability (VRPTW); elsewhere the search's absence counters
 * do this work.
 */
const KMAX = 4;
/** random feasible moves (relocate, 2-opt*) after each ejection */
const MOVES = 200;
/** a move's partner is one of the stop's NEAR nearest stops */
const NEAR = 30;
/** the ejections searched first are in the routes of the job's NEAR_ROUTES nearest stops */
const NEAR_ROUTES = 40;

export function canEject(m: Model, routes: Route[]): boolean {
  if (m.hasRide || m.stability > 0) return false;
  for (let v = 0; v < m.nVehicles; v++) if (m.vBreakDur[v] > 0) return false;
  for (let s = 0; s < m.nStops; s++) if (m.kind[s] !== KIND_SINGLE) return false;
  return routes.every((r) => r.onBoard.every((x) => x === 0));
}

export class Ejector {
  /** jobs still out, the last one first */
  readonly pool: number[];
  /** jobs that fit nowhere even with ejections */
  readonly stuck: number[] = [];
  private readonly penalty: Float64Array;
  private readonly routeOf: Int32Array;
  private readonly ins: Insertion = { delta: 0, i: 0, j: 0 };
  private readonly bestIns: Insertion = { delta: 0, i: 0, j: 0 };
  // the ejection being searched, and the best one found
  private readonly ej = new Int32Array(KMAX);
  private readonly bestEj = new Int32Array(KMAX);
  private bestCount = 0;
  private bestPsum = 0;
  private bestDelta = 0;
  private stamp = 0;
  private readonly seen: Int32Array;
  private bestV = -1;
  private bestP = 0;
  private job = 0;
  private r!: Route;
  private p = 0;

  constructor(
    private readonly m: Model,
    /** owned by the ejector while it runs */
    readonly routes: Route[],
    unassigned: number[],
    private readonly rand: () => number,
    private readonly adj: Int32Array[],
  ) {
    this.pool = unassigned.slice();
    this.penalty = new Float64Array(m.nJobs).fill(1);
    this.routeOf = new Int32Array(m.nStops).fill(-1);
    this.seen = new Int32Array(routes.length);
    for (const r of routes) this.index(r);
  }

  private index(r: Route): void {
    for (const s of r.stops) this.routeOf[s] = r.v;
  }

  /**
   * Runs until the pool is empty (true), `stop` says so, or the pool has grown past twice its first size and more
   * (false): on some days (clustered, capacity-bound) ejections breed ejections, and the annealing does better.
   */
  run(stop: () => boolean): boolean {
    const limit = 2 * this.pool.length + 5;
    while (this.pool.length > 0) {
      if (this.pool.length > limit || stop()) return false;
      const job = this.pool.pop() as number;
      if (this.insert(job)) continue;
      this.penalty[job]++;
      if (!this.ejectInsert(job)) {
        this.stuck.push(job);
        continue;
      }
      this.perturb(MOVES);
    }
    return this.stuck.length === 0;
  }

  /** The cheapest feasible place of the job, if any. */
  private insert(job: number): boolean {
    const { m } = this;
    let best = Number.POSITIVE_INFINITY;
    let bestV = -1;
    for (const r of this.routes) {
      if (bestInsertion(m, r, job, this.rand, 0, best, this.ins)) {
        best = this.ins.delta;
        bestV = r.v;
        this.bestIns.i = this.ins.i;
        this.bestIns.j = this.ins.j;
        this.bestIns.delta = this.ins.delta;
      }
    }
    if (bestV < 0) return false;
    const r = this.routes[bestV];
    applyInsertion(m, r, job, this.bestIns);
    this.routeOf[m.jobFirst[job]] = bestV;
    return true;
  }

  /**
   * Inserts the job where the ejected jobs' penalties sum least (of equal sums, where the route grows least), in the
   * routes near it first and in any route when none near will do; false when no place exists even so.
   */
  private ejectInsert(job: number): boolean {
    const { m } = this;
    this.job = job;
    this.bestPsum = Number.POSITIVE_INFINITY;
    this.bestDelta = Number.POSITIVE_INFINITY;
    this.bestV = -1;
    const u = m.jobFirst[job];
    const stamp = ++this.stamp;
    const near = this.adj[u];
    for (let x = 0; x < Math.min(NEAR_ROUTES, near.length); x++) {
      const v = this.routeOf[near[x]];
      if (v >= 0 && this.seen[v] !== stamp) {
        this.seen[v] = stamp;
        this.search(v);
      }
    }
    if (this.bestV < 0) for (let v = 0; v < this.routes.length; v++) if (this.seen[v] !== stamp) this.search(v);
    if (this.bestV < 0) return false;
    const r = this.routes[this.bestV];
    const out = new Set<number>();
    for (let k = 0; k < this.bestCount; k++) out.add(this.bestEj[k]);
    const stops: number[] = [];
    r.stops.forEach((s, k) => {
      if (k + 1 === this.bestP) stops.push(u);
      if (!out.has(s)) stops.push(s);
    });
    if (this.bestP === r.stops.length + 1) stops.push(u);
    r.stops = stops;
    r.update();
    this.routeOf[u] = r.v;
    for (const s of out) {
      this.routeOf[s] = -1;
      this.pool.push(m.jobOfStop[s]);
    }
    return true;
  }

  private search(v: number): void {
    const { m } = this;
    const r = this.routes[v];
    if (!allowed(m, this.job, v)) return;
    this.r = r;
    for (let p = 1; p <= r.stops.length + 1; p++) {
      this.p = p;
      this.visit(1, false, m.vStart[v], m.vStartLoc[v], 0, 0);
    }
  }

  /**
   * Depth-first over the route with the job before original position p: each stop kept or ejected (lexicographic,
   * pruned by the penalty sum so far and by the windows); once past the job, a kept stop that starts by its latest
   * start (`lat`, valid for the untouched rest) ends the search of that branch.
   */
  private visit(k: number, placed: boolean, time: number, at: number, count: number, psum: number): void {
    const { m, r } = this;
    const { tt, nLocations: L } = m;
    const n = r.stops.length;
    if (!placed && k === this.p) {
      const u = m.jobFirst[this.job];
      const start = Math.max(time + tt[at * L + m.loc[u]], m.early[u]);
      if (start > m.late[u]) return;
      this.visit(k, true, start + m.service[u], m.loc[u], count, psum);
      return;
    }
    if (k === n + 1) {
      if (time + tt[at * L + m.vEndLoc[r.v]] <= m.vEnd[r.v] && this.fits(count)) this.record(count, psum);
      return;
    }
    const s = r.stops[k - 1];
    const start = Math.max(time + tt[at * L + m.loc[s]], m.early[s]);
    if (start <= m.late[s]) {
      if (placed && start <= r.lat[k]) {
        if (this.fits(count)) this.record(count, psum);
        else if (count < KMAX) this.visit(k + 1, placed, start + m.service[s], m.loc[s], count, psum);
      } else if (count < KMAX || !placed) {
        this.visit(k + 1, placed, start + m.service[s], m.loc[s], count, psum);
      }
    }
    const pen = this.penalty[m.jobOfStop[s]];
    if (count < KMAX && psum + pen <= this.bestPsum) {
      this.ej[count] = s;
      this.visit(k + 1, placed, time, at, count + 1, psum + pen);
    }
  }

  /** The route's load with the job in and the ejected stops out, within capacity. */
  private fits(count: number): boolean {
    const { m, r } = this;
    const D = m.dims;
    for (let d = 0; d < D; d++) {
      let x = r.load[d] + m.jobDemand[this.job * D + d];
      for (let k = 0; k < count; k++) x -= m.jobDemand[m.jobOfStop[this.ej[k]] * D + d];
      if (x > m.vCap[r.v * D + d]) return false;
    }
    return true;
  }

  private record(count: number, psum: number): void {
    if (psum > this.bestPsum) return;
    const delta = this.growth(count);
    if (psum === this.bestPsum && delta >= this.bestDelta) return;
    this.bestPsum = psum;
    this.bestDelta = delta;
    this.bestCount = count;
    this.bestV = this.r.v;
    this.bestP = this.p;
    for (let k = 0; k < count; k++) this.bestEj[k] = this.ej[k];
  }

  /** How much the route's travel grows with the job in at p and the ejected stops out. */
  private growth(count: number): number {
    const { m, r } = this;
    const { tt, nLocations: L } = m;
    const u = m.jobFirst[this.job];
    let prev = m.vStartLoc[r.v];
    let travel = 0;
    let e = 0;
    const n = r.stops.length;
    for (let k = 1; k <= n + 1; k++) {
      if (k === this.p) {
        travel += tt[prev * L + m.loc[u]];
        prev = m.loc[u];
      }
      if (k > n) break;
      const s = r.stops[k - 1];
      if (e < count && this.ej[e] === s) {
        e++;
        continue;
      }
      travel += tt[prev * L + m.loc[s]];
      prev = m.loc[s];
    }
    return travel + tt[prev * L + m.vEndLoc[r.v]] - r.travel;
  }

  /** `moves` random feasible relocations and 2-opt* exchanges between a stop and one of its nearest stops' routes. */
  perturb(moves: number): void {
    const { m, rand } = this;
    let done = 0;
    for (let tries = 0; done < moves && tries < moves * 10; tries++) {
      const u = Math.floor(rand() * m.nStops);
      const ru = this.routeOf[u];
      if (ru < 0) continue;
      const near = this.adj[u];
      const w = near[Math.floor(rand() * Math.min(NEAR, near.length))];
      const rw = this.routeOf[w];
      if (rw < 0 || rw === ru) continue;
      if (rand() < 0.5 ? this.relocate(u, ru, w, rw) : this.twoOptStar(u, ru, w, rw)) done++;
    }
  }

  /** Moves stop u right after w (or before it), when that is feasible. */
  private relocate(u: number, ru: number, w: number, rw: number): boolean {
    const { m } = this;
    const { tt, nLocations: L, dims: D } = m;
    const job = m.jobOfStop[u];
    if (!allowed(m, job, rw)) return false;
    const to = this.routes[rw];
    for (let d = 0; d < D; d++) if (to.load[d] + m.jobDemand[job * D + d] > m.vCap[rw * D + d]) return false;
    const pw = to.stops.indexOf(w) + 1;
    const p = this.rand() < 0.5 ? pw + 1 : pw;
    const prev = to.locAt(p - 1);
    const next = to.locAt(p);
    const start = Math.max(to.dep[p - 1] + tt[prev * L + m.loc[u]], m.early[u]);
    if (start > m.late[u] || start + m.service[u] + tt[m.loc[u] * L + next] > to.lat[p]) return false;
    const from = this.routes[ru];
    from.stops.splice(from.stops.indexOf(u), 1);
    from.update();
    to.stops.splice(p - 1, 0, u);
    to.update();
    this.routeOf[u] = rw;
    return true;
  }

  /** Exchanges the tails after u and after w between two routes of twin vehicles, when both stay feasible. */
  private twoOptStar(u: number, ru: number, w: number, rw: number): boolean {
    const { m } = this;
    if (m.vTwin[ru] !== m.vTwin[rw]) return false;
    const { tt, nLocations: L, dims: D } = m;
    const a = this.routes[ru];
    const b = this.routes[rw];
    const pa = a.stops.indexOf(u) + 1;
    const pb = b.stops.indexOf(w) + 1;
    // a's head then b's tail, b's head then a's tail (twins: the same end, so the tails' latest starts hold)
    const na = a.stops.length;
    const nb = b.stops.length;
    const ta = Math.max(a.dep[pa] + tt[m.loc[u] * L + b.locAt(pb + 1)], pb < nb ? m.early[b.stops[pb]] : Number.NEGATIVE_INFINITY);
    if (ta > b.lat[pb + 1]) return false;
    const tb = Math.max(b.dep[pb] + tt[m.loc[w] * L + a.locAt(pa + 1)], pa < na ? m.early[a.stops[pa]] : Number.NEGATIVE_INFINITY);
    if (tb > a.lat[pa + 1]) return false;
    for (let d = 0; d < D; d++) {
      const headA = a.load[d] - a.load[pa * D + d];
      const headB = b.load[d] - b.load[pb * D + d];
      if (headA + b.load[pb * D + d] > m.vCap[ru * D + d] || headB + a.load[pa * D + d] > m.vCap[rw * D + d]) return false;
    }
    const tailA = a.stops.slice(pa);
    const tailB = b.stops.slice(pb);
    if (m.compat && (tailA.some((s) => !allowed(m, m.jobOfStop[s], rw)) || tailB.some((s) => !allowed(m, m.jobOfStop[s], ru))))
      return false;
    a.stops = a.stops.slice(0, pa).concat(tailB);
    b.stops = b.stops.slice(0, pb).concat(tailA);
    a.update();
    b.update();
    this.index(a);
    this.index(b);
    return true;
  }
}
