import { solveCommitted } from './committed.js';
import { canEject, Ejector } from './eject.js';
import { objectiveOf } from './objective.js';
import { buildModel, KIND_DROPOFF, KIND_PICKUP, type Model, PlannerInputError } from './model.js';
import { makeRandom } from './rng.js';
import { allowed, applyInsertion, bestInsertion, type Insertion, Route, setMaxFirst } from './route.js';
import type { Plan, PlannedRoute, PlannedStop, PlanningProblem, SolveOptions, UnassignedJob, UnassignedReason } from './types.js';

/**
 * The planner: a greedy construction, then ruin-and-recreate in the manner of SISR (Christiaens & Vanden Berghe,
 * "Slack Induction by String Removals", 2020) under simulated annealing, time-boxed and seeded:
 *  - ruin removes a few strings of consecutive stops from routes near a random seed stop (a pair's other stop
 *    goes with it), and now and then a whole route,
 *  - recreate reinserts the removed jobs one by one (STAT first, then in a random one of several orders) at
 *    their cheapest feasible place, skipping each place with a small "blink" probability,
 *  - a candidate is compared on (STAT jobs left out, jobs left out, travel time), annealing on travel time.
 * Feasibility of an insertion is checked in O(1) per place for a single stop and O(route) for a pair, from the
 * route's cached earliest departures, latest starts and loads (see route.ts).
 * When the greedy start leaves jobs out of a single-stop day, a guided ejection search (eject.ts) first fits them
 * into the fleet, in half the time at most; the annealing then shortens the routes.
 */

interface Solution {
  /** one route per vehicle, by vehicle index; a committed solution's routes are never mutated (shared) */
  routes: Route[];
  unassigned: number[];
  cost: number;
  statOut: number;
  /** longest route duration */
  maxDur: number;
}

const BLINK = 0.01;
const AVG_REMOVED = 10;
const MAX_STRING = 10;
/** probability that a ruin also empties a whole route */
const ROUTE_RUIN = 0.02;
/** annealing temperature, start and end, in units of the first solution's mean edge */
const T_START = 2;
const T_END = 0.02;
/** above this many vehicles, a reinsertion tries only the routes near the job (its GRANULAR nearest stops') */
const GRANULAR_FLEET = 20;
const GRANULAR = 40;

let balanceWeight = 0;

function total(s: Solution): number {
  return balanceWeight > 0 ? s.cost + balanceWeight * s.maxDur : s.cost;
}

function compare(a: Solution, b: Solution): number {
  if (a.statOut !== b.statOut) return a.statOut - b.statOut;
  if (a.unassigned.length !== b.unassigned.length) return a.unassigned.length - b.unassigned.length;
  return total(a) - total(b);
}

function setMaxDur(s: Solution): void {
  let x = 0;
  for (const r of s.routes) if (r.duration > x) x = r.duration;
  s.maxDur = x;
}

/** The K nearest other stops of each stop (by travel both ways), found by selection rather than a full sort. */
function neighbourLists(m: Model, K: number): Int32Array[] {
  const { tt, nLocations: L, loc, nStops } = m;
  const key = new Float64Array(nStops);
  const work = new Float64Array(nStops);
  const out: Int32Array[] = [];
  for (let s = 0; s < nStops; s++) {
    for (let o = 0; o < nStops; o++) key[o] = tt[loc[s] * L + loc[o]] + tt[loc[o] * L + loc[s]];
    key[s] = -1;
    let threshold = Number.POSITIVE_INFINITY;
    if (K + 1 < nStops) {
      work.set(key);
      threshold = select(work, K);
    }
    const picked: number[] = [];
    for (let o = 0; o < nStops; o++) if (key[o] <= threshold) picked.push(o);
    picked.sort((a, b) => key[a] - key[b] || a - b);
    out.push(Int32Array.from(picked.slice(0, K + 1)));
  }
  return out;
}

/** The k-th smallest (0-based) of a, reordering a (Hoare's quickselect). */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

class Search {
  readonly rand: () => number;
  private readonly ins: Insertion = { delta: 0, i: 0, j: 0 };
  private readonly bestIns: Insertion = { delta: 0, i: 0, j: 0 };
  private readonly twinStamp: Int32Array;
  private stamp = 0;
  /** per stop, the other stops by increasing travel time (at most NEIGHBOURS) */
  private readonly adj: Int32Array[];
  /** distance of each job's first stop from the first vehicle's start, for the "far"/"close" orders */
  private readonly farKey: Float64Array;
  private readonly lateKey: Float64Array;
  private readonly demandKey: Float64Array;
  private owned: boolean[] = [];
  private readonly routeOf: Int32Array;
  private readonly routeStamp: Int32Array;
  private readonly posOf: Int32Array;
  private readonly jobMark: Int32Array;
  private markStamp = 0;

  constructor(
    readonly m: Model,
    seed: number,
  ) {
    this.rand = makeRandom(seed);
    this.twinStamp = new Int32Array(m.nVehicles);
    this.routeOf = new Int32Array(m.nStops);
    this.routeStamp = new Int32Array(m.nVehicles);
    this.posOf = new Int32Array(m.nStops);
    this.jobMark = new Int32Array(m.nJobs);
    const { tt, nLocations: L, loc, nStops } = m;
    this.adj = neighbourLists(m, Math.max(0, Math.min(nStops - 1, 150)));
    this.demandKey = new Float64Array(m.nJobs);
    for (let j = 0; j < m.nJobs; j++) for (let d = 0; d < m.dims; d++) this.demandKey[j] += m.jobDemand[j * m.dims + d];
    this.farKey = new Float64Array(m.nJobs);
    this.lateKey = new Float64Array(m.nJobs);
    const depot = m.nVehicles > 0 ? m.vStartLoc[0] : 0;
    for (let j = 0; j < m.nJobs; j++) {
      const s = m.jobFirst[j];
      this.farKey[j] = tt[depot * L + loc[s]];
      this.lateKey[j] = m.kind[s] === KIND_PICKUP ? Math.min(m.late[s], m.late[s + 1]) : m.late[s];
    }
  }

  empty(): Solution {
    const routes: Route[] = [];
    for (let v = 0; v < this.m.nVehicles; v++) routes.push(new Route(v, this.m));
    return { routes, unassigned: [], cost: 0, statOut: 0, maxDur: 0 };
  }

  /** A candidate that shares the routes of `s` until it touches them. */
  private fork(s: Solution): Solution {
    this.owned = new Array(s.routes.length).fill(false);
    return { routes: s.routes.slice(), unassigned: s.unassigned.slice(), cost: s.cost, statOut: s.statOut, maxDur: s.maxDur };
  }

  private touch(s: Solution, v: number): Route {
    if (!this.owned[v]) {
      s.routes[v] = s.routes[v].clone();
      this.owned[v] = true;
    }
    return s.routes[v];
  }

  private order(jobs: number[], how: number): void {
    const { m, rand } = this;
    for (let i = jobs.length - 1; i > 0; i--) {
      const k = Math.floor(rand() * (i + 1));
      const t = jobs[i];
      jobs[i] = jobs[k];
      jobs[k] = t;
    }
    const stat = (a: number, b: number) => m.jobStat[b] - m.jobStat[a];
    if (how === 0) jobs.sort(stat);
    else if (how === 1) jobs.sort((a, b) => stat(a, b) || this.demandKey[b] - this.demandKey[a]);
    else if (how === 2) jobs.sort((a, b) => stat(a, b) || this.farKey[b] - this.farKey[a]);
    else if (how === 3) jobs.sort((a, b) => stat(a, b) || this.farKey[a] - this.farKey[b]);
    else jobs.sort((a, b) => stat(a, b) || this.lateKey[a] - this.lateKey[b]);
  }

  /** Inserts each job at its cheapest feasible place (or leaves it out). */
  recreate(s: Solution, jobs: number[], how: number, blink: number, restrict = false): void {
    const { m } = this;
    this.order(jobs, how);
    const routeOf = this.routeOf;
    const near = this.routeStamp;
    const bal = balanceWeight;
    if (bal > 0) setMaxDur(s);
    for (const job of jobs) {
      let best = Number.POSITIVE_INFINITY;
      let bestV = -1;
      this.stamp++;
      if (restrict) {
        // granular: only the routes that hold one of the job's nearest stops (and one empty route per kind)
        const first = m.jobFirst[job];
        const last = m.kind[first] === KIND_PICKUP ? first + 1 : first;
        for (let u = first; u <= last; u++) {
          const a = this.adj[u];
          const k = Math.min(a.length, GRANULAR);
          for (let x = 0; x < k; x++) {
            const rv = routeOf[a[x]];
            if (rv >= 0) near[rv] = this.stamp;
          }
        }
      }
      for (let v = 0; v < s.routes.length; v++) {
        const r = s.routes[v];
        if (restrict && r.stops.length > 0 && near[v] !== this.stamp) continue;
        if (r.stops.length === 0) {
          const twin = m.vTwin[v];
          if (this.twinStamp[twin] === this.stamp) continue;
          this.twinStamp[twin] = this.stamp;
        }
        if (bestInsertion(m, r, job, this.rand, blink, best, this.ins)) {
          let c = this.ins.delta;
          if (bal > 0) {
            // the route's new duration, estimated: its travel grows by the delta, its service by the job's
            const first = m.jobFirst[job];
            const svc = m.service[first] + (m.kind[first] === KIND_PICKUP ? m.service[first + 1] : 0);
            const grow = r.duration + this.ins.delta + svc - s.maxDur;
            if (grow > 0) c += bal * grow;
            if (c >= best) continue;
          }
          best = c;
          bestV = v;
          this.bestIns.i = this.ins.i;
          this.bestIns.j = this.ins.j;
          this.bestIns.delta = this.ins.delta;
        }
      }
      if (bestV < 0) {
        s.unassigned.push(job);
        if (m.jobStat[job]) s.statOut++;
        continue;
      }
      const r = this.touch(s, bestV);
      const before = r.cost;
      applyInsertion(m, r, job, this.bestIns);
      s.cost += r.cost - before;
      if (r.duration > s.maxDur) s.maxDur = r.duration;
      if (restrict) {
        routeOf[m.jobFirst[job]] = bestV;
        if (m.kind[m.jobFirst[job]] === KIND_PICKUP) routeOf[m.jobFirst[job] + 1] = bestV;
      }
    }
    if (bal > 0) setMaxDur(s);
  }

  /** SISR's string removal: returns the removed jobs. */
  ruin(s: Solution): number[] {
    const { m, rand } = this;
    const routeOf = this.routeOf.fill(-1);
    const posOf = this.posOf;
    let assigned = 0;
    let used = 0;
    for (let v = 0; v < s.routes.length; v++) {
      const st = s.routes[v].stops;
      if (st.length) used++;
      assigned += st.length;
      for (let p = 0; p < st.length; p++) {
        routeOf[st[p]] = v;
        posOf[st[p]] = p;
      }
    }
    if (assigned === 0) return [];
    const avg = assigned / used;
    const lsMax = Math.min(MAX_STRING, avg);
    const ksMax = (4 * AVG_REMOVED) / (1 + lsMax) - 1;
    const ks = Math.floor(rand() * ksMax) + 1;
    const seed = Math.floor(rand() * m.nStops);
    const ruined = new Set<number>();
    const removedStops: number[] = [];
    if (used > 1 && rand() < ROUTE_RUIN) {
      // now and then empty the route of the seed stop's nearest planned neighbour: the only way to shed a vehicle
      // whose every stop is cheap where it is
      const pick = this.adj[seed].find((c) => routeOf[c] >= 0);
      if (pick !== undefined) {
        ruined.add(routeOf[pick]);
        for (const st of s.routes[routeOf[pick]].stops) removedStops.push(st);
      }
    }
    const neighbours = this.adj[seed];
    for (let n = 0; n < neighbours.length && ruined.size < ks; n++) {
      const c = neighbours[n];
      const v = routeOf[c];
      if (v < 0 || ruined.has(v)) continue;
      ruined.add(v);
      const stops = s.routes[v].stops;
      const len = stops.length;
      const lMax = Math.min(len, lsMax);
      const l = Math.floor(rand() * lMax) + 1;
      const pos = posOf[c];
      if (l < len && rand() < 0.5) {
        // split string: a string of l + keep stops around c, of which `keep` consecutive ones stay
        let keep = 1;
        while (l + keep < len && rand() < 0.5) keep++;
        const total = l + keep;
        const lo = Math.max(0, pos - total + 1);
        const hi = Math.min(pos, len - total);
        const start = lo + Math.floor(rand() * (hi - lo + 1));
        const keepAt = start + Math.floor(rand() * (l + 1));
        for (let p = start; p < start + total; p++) if (p < keepAt || p >= keepAt + keep) removedStops.push(stops[p]);
      } else {
        const lo = Math.max(0, pos - l + 1);
        const hi = Math.min(pos, len - l);
        const start = lo + Math.floor(rand() * (hi - lo + 1));
        for (let p = start; p < start + l; p++) removedStops.push(stops[p]);
      }
    }
    const jobs: number[] = [];
    const stamp = ++this.markStamp;
    const mark = this.jobMark;
    for (const st of removedStops) {
      routeOf[st] = -1;
      const j = m.jobOfStop[st];
      if (mark[j] !== stamp) {
        mark[j] = stamp;
        jobs.push(j);
      }
    }
    for (const v of ruined) {
      const r = this.touch(s, v);
      const before = r.cost;
      r.stops = r.stops.filter((st) => mark[m.jobOfStop[st]] !== stamp);
      r.update();
      if (!r.ok) {
        // a removal that broke a ride limit or the break (waiting moved): the whole route goes
        for (const st of r.stops) {
          routeOf[st] = -1;
          const j = m.jobOfStop[st];
          if (mark[j] !== stamp) {
            mark[j] = stamp;
            jobs.push(j);
          }
        }
        r.stops = [];
        r.update();
      }
      s.cost += r.cost - before;
    }
    return jobs;
  }

  /** One ruin-and-recreate step on a fork of `s`. The unassigned jobs are retried as well. */
  step(s: Solution): Solution {
    const { m } = this;
    const routeOf = this.routeOf;
    const c = this.fork(s);
    const removed = this.ruin(c);
    const retry = c.unassigned;
    c.unassigned = [];
    c.statOut = 0;
    const jobs = removed.concat(retry);
    for (const j of removed) {
      // a pair's partner may sit in a route the ruin emptied only partly: both stops are out now
      routeOf[m.jobFirst[j]] = -1;
      if (m.kind[m.jobFirst[j]] === KIND_PICKUP) routeOf[m.jobFirst[j] + 1] = -1;
    }
    const r = this.rand();
    const how = r < 4 / 13 ? 0 : r < 8 / 13 ? 1 : r < 10 / 13 ? 2 : r < 11 / 13 ? 3 : 4;
    this.recreate(c, jobs, how, BLINK, this.m.nVehicles > GRANULAR_FLEET);
    return c;
  }

  /** Greedy insertion in three orders (by window, far first, by demand), as many as the deadline allows (one at least). */
  construct(deadline: number, order?: Float64Array): Solution {
    let best: Solution | undefined;
    // a re-plan starts from the previous plan (the search then brings in what it left out)
    if (order) return this.warmStart(order);
    for (const how of [4, 2, 1]) {
      if (best && now() >= deadline) break;
      const s = this.empty();
      this.fork(s);
      const jobs = Array.from({ length: this.m.nJobs }, (_, j) => j);
      this.recreate(s, jobs, how, 0);
      if (!best || compare(s, best) < 0) best = s;
    }
    return best as Solution;
  }

  /**
   * The previous plan rebuilt: each vehicle takes its planned jobs in their planned order, each at its cheapest
   * feasible place on that vehicle; then the rest (new jobs, those that no longer fit) go wherever is cheapest.
   */
  private warmStart(order: Float64Array): Solution {
    const { m } = this;
    const s = this.empty();
    this.fork(s);
    const planned = Array.from({ length: m.nJobs }, (_, j) => j)
      .filter((j) => m.jobPlanned[j] >= 0 && m.jobPlanned[j] < m.nVehicles)
      .sort((a, b) => order[a] - order[b]);
    const rest: number[] = [];
    const inPlan = new Uint8Array(m.nJobs);
    // from the last planned job back, each job's first stop before the later ones' first stops, as they were
    // planned; its drop-off wherever cheapest after it (among the later jobs' stops, as it was)
    const next = new Float64Array(m.nVehicles).fill(Number.POSITIVE_INFINITY);
    for (let k = planned.length - 1; k >= 0; k--) {
      const j = planned[k];
      const v = m.jobPlanned[j];
      const r = this.touch(s, v);
      setMaxFirst(next[v]);
      let found = bestInsertion(m, r, j, this.rand, 0, Number.POSITIVE_INFINITY, this.ins);
      setMaxFirst(Number.POSITIVE_INFINITY);
      if (!found) found = bestInsertion(m, r, j, this.rand, 0, Number.POSITIVE_INFINITY, this.ins);
      if (!found) continue;
      const before = r.cost;
      applyInsertion(m, r, j, this.ins);
      s.cost += r.cost - before;
      inPlan[j] = 1;
      next[v] = this.ins.i;
    }
    for (let j = 0; j < m.nJobs; j++) if (!inPlan[j]) rest.push(j);
    this.recreate(s, rest, 0, 0);
    return s;
  }

  /**
   * A STAT job still out although a vehicle could take it alone: rebuild that vehicle's route with the STAT jobs
   * first, then its other jobs; those that no longer fit go to other routes or out.
   */
  repairStat(s: Solution): Solution {
    const { m } = this;
    let cur = s;
    for (const job of s.unassigned.filter((j) => m.jobStat[j])) {
      const direct = this.fork(cur);
      direct.unassigned = direct.unassigned.filter((j) => j !== job);
      direct.statOut--;
      this.recreate(direct, [job], 0, 0);
      if (!direct.unassigned.includes(job)) {
        cur = direct;
        continue;
      }
      let best: Solution | undefined;
      for (let v = 0; v < m.nVehicles; v++) {
        if (!this.fitsAlone(job, v)) continue;
        const c = this.fork(cur);
        c.unassigned = c.unassigned.filter((j) => j !== job);
        c.statOut = c.unassigned.filter((j) => m.jobStat[j]).length;
        const r = this.touch(c, v);
        const before = r.cost;
        const onBoard = [...new Set(r.stops.map((st) => m.jobOfStop[st]))];
        r.stops = [];
        r.update();
        c.cost += r.cost - before;
        const stats = [job, ...onBoard.filter((j) => m.jobStat[j])];
        const normal = onBoard.filter((j) => !m.jobStat[j]);
        // the STAT jobs on this vehicle first, then everything else wherever it fits
        if (!this.insertInto(c, v, stats)) continue;
        this.recreate(c, normal, 2, 0);
        if (!best || compare(c, best) < 0) best = c;
      }
      if (best) cur = best;
    }
    return cur;
  }

  private insertInto(s: Solution, v: number, jobs: number[]): boolean {
    for (const job of jobs) {
      const r = this.touch(s, v);
      if (!bestInsertion(this.m, r, job, this.rand, 0, Number.POSITIVE_INFINITY, this.ins)) return false;
      const before = r.cost;
      applyInsertion(this.m, r, job, this.ins);
      s.cost += r.cost - before;
    }
    return true;
  }

  /**
   * The guided ejection search (eject.ts) on a copy of `s`, when the model suits it, until everything fits or `stop`
   * says so: the copy when it leaves fewer jobs out, else `s`.
   */
  eliminate(s: Solution, stop: () => boolean): Solution {
    const { m } = this;
    if (s.unassigned.length === 0 || !canEject(m, s.routes)) return s;
    const routes = s.routes.map((r) => r.clone());
    const e = new Ejector(m, routes, s.unassigned, this.rand, this.adj);
    e.run(stop);
    const unassigned = e.pool.concat(e.stuck);
    if (unassigned.length >= s.unassigned.length) return s;
    const out: Solution = { routes, unassigned, cost: 0, statOut: 0, maxDur: 0 };
    for (const r of routes) out.cost += r.cost;
    for (const j of unassigned) if (m.jobStat[j]) out.statOut++;
    setMaxDur(out);
    return out;
  }

  fitsAlone(job: number, v: number): boolean {
    const r = new Route(v, this.m);
    return bestInsertion(this.m, r, job, this.rand, 0, Number.POSITIVE_INFINITY, this.ins);
  }

  reason(job: number): UnassignedReason {
    const { m } = this;
    if (m.nVehicles === 0) return 'no_vehicle';
    let capacityFits = false;
    let skilled = false;
    for (let v = 0; v < m.nVehicles; v++) {
      if (!allowed(m, job, v)) continue;
      skilled = true;
      let over = false;
      for (let d = 0; d < m.dims; d++) if (m.jobDemand[job * m.dims + d] > m.vCap[v * m.dims + d]) over = true;
      if (over) continue;
      capacityFits = true;
      if (this.fitsAlone(job, v)) return 'no_vehicle';
    }
    if (!skilled && m.compat) return 'no_skill';
    return capacityFits ? 'no_window_fits' : 'over_capacity';
  }
}

function now(): number {
  return performance.now();
}

export function solve(problem: PlanningProblem, options: SolveOptions = {}): Plan {
  if (problem.vehicles?.some?.((v) => v.committed?.length)) return solveCommitted(problem, options, solveFree);
  return solveFree(problem, options);
}

function solveFree(problem: PlanningProblem, options: SolveOptions): Plan {
  const started = now();
  const m = buildModel(problem);
  const seed = options.seed ?? 1;
  const limit = options.timeLimitMs ?? 2000;
  const maxIterations = options.maxIterations;
  const stability = options.stability ?? 0;
  const balance = options.balance ?? 0;
  if (!(stability >= 0) || !(balance >= 0)) throw new PlannerInputError('options', 'stability and balance must be >= 0');
  m.stability = stability;
  balanceWeight = balance;
  const { signal, onProgress } = options;
  const search = new Search(m, seed);
  let warm: Float64Array | undefined;
  if (stability > 0 && problem.jobs.some((j) => j.planned)) {
    warm = Float64Array.from(problem.jobs, (j) => j.planned?.order ?? 0);
  }
  let cur = search.construct(started + limit / 2, warm);
  setMaxDur(cur);
  let best = cur;
  let iterations = 0;
  let lastReport = now();
  let wasFeasible = false;
  const report = (t: number) => {
    lastReport = t;
    wasFeasible = best.unassigned.length === 0;
    onProgress?.({ iteration: iterations, cost: total(best), elapsedMs: t - started, feasible: wasFeasible });
  };
  if (onProgress) report(lastReport);
  if (!signal?.aborted) {
    // a fleet too small for the greedy start: the ejection search fits the rest first, in half the time at most
    const until = started + limit / 2;
    cur = search.eliminate(cur, () => {
      const t = now();
      if (onProgress && t - lastReport >= 250) report(t);
      return t >= until || signal?.aborted === true;
    });
    best = cur;
  }
  const searchStart = now();
  const budget = Math.max(0, limit - (searchStart - started));
  if (m.nJobs > 0 && m.nVehicles > 0 && !signal?.aborted) {
    const edges = m.nStops + cur.routes.filter((r) => r.stops.length).length;
    const avgEdge = cur.cost > 0 && edges > 0 ? cur.cost / edges : 1;
    const t0 = T_START * avgEdge;
    const tf = T_END * avgEdge;
    const { rand } = search;
    const absence = new Float64Array(m.nJobs);
    const absent = (jobs: number[]) => jobs.reduce((sum, j) => sum + absence[j], 0);
    let coolFrom = cur.unassigned.length === 0 ? 0 : -1;
    for (;;) {
      const t = now();
      const elapsed = t - searchStart;
      if (elapsed >= budget) break;
      if (signal?.aborted) break;
      if (onProgress && (t - lastReport >= 250 || (!wasFeasible && best.unassigned.length === 0))) report(t);
      if (maxIterations !== undefined && iterations >= maxIterations) break;
      // The cooling starts over when everything first fits: a search that took most of its time to fit the last
      // job still cools its distance over the time left, from the start temperature.
      if (coolFrom < 0 && cur.unassigned.length === 0) coolFrom = elapsed;
      const from = Math.max(0, coolFrom);
      const progress = maxIterations !== undefined ? iterations / maxIterations : (elapsed - from) / Math.max(1, budget - from);
      const temperature = t0 * (tf / t0) ** progress;
      const cand = search.step(cur);
      if (balance > 0) setMaxDur(cand);
      iterations++;
      for (const j of cur.unassigned) absence[j]++;
      const byCount = cand.statOut !== cur.statOut ? cand.statOut - cur.statOut : cand.unassigned.length - cur.unassigned.length;
      // While jobs are out, as many out as before: take the set left out less often (SISR's absence counters), so
      // the hard job rotates with others instead of the search settling around it; then the cost decides.
      const byAbsence = byCount === 0 && cur.unassigned.length > 0 ? absent(cand.unassigned) - absent(cur.unassigned) : 0;
      if (byCount < 0 || byAbsence < 0 || (byCount === 0 && byAbsence === 0 && total(cand) < total(cur) - temperature * Math.log(rand()))) {
        cur = cand;
        if (compare(cur, best) < 0) best = cur;
      }
    }
  }
  if (best.statOut > 0) best = search.repairStat(best);
  if (onProgress) report(now());
  return toPlan(problem, m, search, best, iterations, now() - started);
}

function toPlan(problem: PlanningProblem, m: Model, search: Search, s: Solution, iterations: number, elapsedMs: number): Plan {
  const routes = s.routes.map((r) => plannedRoute(problem, m, r));
  const unassigned: UnassignedJob[] = s.unassigned
    .slice()
    .sort((a, b) => a - b)
    .map((j) => ({ jobId: problem.jobs[j].id, reason: search.reason(j) }));
  return {
    routes,
    unassigned,
    travelTime: routes.reduce((sum, r) => sum + r.travelTime, 0),
    objective: objectiveOf(problem, routes, unassigned),
    iterations,
    elapsedMs,
  };
}

/**
 * The schedule of a feasible route: leaving as late as the first stop allows (unless the break comes first), then
 * as early as possible, the break in the route's break gap.
 */
export function plannedRoute(problem: PlanningProblem, m: Model, r: Route): PlannedRoute {
  const { tt, nLocations: L, dims: D } = m;
  const v = r.v;
  const vehicle = problem.vehicles[v];
  const stops: PlannedStop[] = [];
  let departure = m.vStart[v];
  const g = r.stops.length ? r.breakGap : -1;
  if (r.stops.length && g !== 0) {
    // leave as late as the first stop allows without making anything later (never before the start time)
    const first = r.stops[0];
    const t = tt[m.vStartLoc[v] * L + m.loc[first]];
    const ideal = Math.min(r.lat[0], m.early[first] - t);
    if (ideal > departure) departure = ideal;
  }
  let time = departure;
  let breakStart: number | undefined;
  const takeBreak = () => {
    breakStart = Math.max(time, m.vBreakEarly[v]);
    time = breakStart + m.vBreakDur[v];
  };
  if (g === 0) takeBreak();
  let prev = m.vStartLoc[v];
  const load = r.load.slice(0, D);
  let travel = 0;
  r.stops.forEach((st, k) => {
    const t = tt[prev * L + m.loc[st]];
    travel += t;
    const arrival = time + t;
    const start = Math.max(arrival, m.early[st]);
    for (let d = 0; d < D; d++) load[d] += m.delta[st * D + d];
    const job = m.jobOfStop[st];
    const stop: PlannedStop = {
      jobId: problem.jobs[job].id,
      kind: m.kind[st] === KIND_PICKUP ? 'pickup' : m.kind[st] === KIND_DROPOFF ? 'dropoff' : 'stop',
      location: m.loc[st],
      arrival,
      wait: start - arrival,
      start,
      departure: start + m.service[st],
      load: load[0],
    };
    if (D > 1) stop.loads = load.slice();
    stops.push(stop);
    time = start + m.service[st];
    prev = m.loc[st];
    if (g === k + 1) takeBreak();
  });
  const back = r.stops.length ? tt[prev * L + m.vEndLoc[v]] : 0;
  travel += back;
  const route: PlannedRoute = {
    vehicleId: vehicle.id,
    departure,
    stops,
    returnTime: r.stops.length ? time + back : departure,
    travelTime: travel,
  };
  if (breakStart !== undefined) route.breakStart = breakStart;
  return route;
}
