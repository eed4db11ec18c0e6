import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { PLANNER_WORKER } from '../../locations.js';
import { AppError } from '../../platform/app-error.js';
import type { SearchProgress } from './plan-runs.js';
import type { PlannerAnswer, PlannerTask } from './planner-task.js';

/** Plans waiting for the planner's thread beyond this answer 503: each takes up to a couple of seconds. */
const MAX_WAITING = 8;

let pool: Piscina | null = null;

/**
 * One worker thread for the route planner, started on first use and ended after a minute idle: a day of a thousand
 * jobs searches for seconds, and on the server's own thread that would stall every other request meanwhile.
 * From the sources the thread loads TypeScript through tsx, as the tests and `npm run dev` do.
 */
function plannerPool(): Piscina {
  pool ??= new Piscina({
    filename: pathToFileURL(PLANNER_WORKER).href,
    name: 'runPlannerTask',
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: MAX_WAITING,
    execArgv: PLANNER_WORKER.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [],
  });
  return pool;
}

/** Runs a planning task on the planner's thread; the event loop stays free for other requests meanwhile. */
export async function runOnPlannerThread<T extends PlannerTask>(task: T, follow?: SearchFollower): Promise<PlannerAnswer<T>> {
  const threads = plannerPool();
  if (threads.queueSize >= MAX_WAITING) throw new AppError('UNAVAILABLE', 'The route planner is busy: try again in a moment');
  if (!follow || task.kind !== 'solve') return (await threads.run(task)) as PlannerAnswer<T>;
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (p: SearchProgress) => follow.onProgress(p));
  try {
    return (await threads.run({ ...task, link: { port: port2, stop: follow.stop } }, { transferList: [port2] })) as PlannerAnswer<T>;
  } finally {
    port1.close();
  }
}

/** Who follows a search: told its progress as it goes, and able to stop it (1 in `stop[0]`, shared memory). */
export interface SearchFollower {
  onProgress: (p: SearchProgress) => void;
  stop: Int32Array;
}

/** Ends the planner's thread (a server stopping); the next plan starts a new one. */
export async function closePlannerThread(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
