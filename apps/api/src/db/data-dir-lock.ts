import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Beside DATA_DIR/pglite: the embedded database is single-process, so one process at a time may open it. */
export const LOCK_FILE = 'pglite.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by process ${pid}: stop that process first, or set DATA_DIR to another directory.`);
  }
}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds (a second open in the same process is refused like any other). */
const heldHere = new Set<string>();

/** When a process started, from /proc (Linux); tells a live holder from a later process that reuses its pid. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function readHolder(path: string): { pid: number; started: string; raw: string } | undefined {
  try {
    const raw = readFileSync(path, 'utf8');
    const [pid, started = ''] = raw.trim().split(' ');
    return { pid: Number(pid), started, raw };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function isRunning(holder: { pid: number; started: string }, path: string): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
  }
  const started = startTimeOf(holder.pid);
  return !holder.started || !started || started === holder.started;
}

/** Takes a dead holder's lock away; if another process replaced it meanwhile, puts theirs back. */
function removeStaleLock(path: string, staleContent: string) {
  const aside = `${path}.stale-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (readFileSync(aside, 'utf8') !== staleContent) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone else locked it in between; theirs stands.
    }
  }
  unlinkSync(aside);
}

/**
 * Locks DATA_DIR for this process, or throws DataDirInUseError naming the live process that holds it. A lock
 * left by a process that died (kill -9, power loss) does not block. Released on close and on any exit.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const mine = `${process.pid} ${startTimeOf(process.pid)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written whole under a private name, then linked into place: the link fails when a lock exists, and
    // nobody ever reads a half-written one.
    const draft = `${path}.${process.pid}-${randomUUID()}`;
    writeFileSync(draft, mine, { mode: 0o644 });
    let linked = false;
    try {
      linkSync(draft, path);
      linked = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(draft, { force: true });
    }
    if (linked) return holdLock(path, mine);
    const holder = readHolder(path);
    if (!holder) continue;
    if (isRunning(holder, path)) throw new DataDirInUseError(dir, holder.pid);
    removeStaleLock(path, holder.raw);
  }
  throw new Error(`Could not lock the data directory ${dir}: other processes keep taking it; start one at a time.`);
}

function holdLock(path: string, mine: string): DataDirLock {
  heldHere.add(path);
  const release = () => {
    if (!heldHere.delete(path)) return;
    process.removeListener('exit', release);
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return { release };
}
