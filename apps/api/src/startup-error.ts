import { resolve } from 'node:path';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { EnvError, type TEnv } from './env.js';

/** A start-up failure whose message already says what to fix. */
export class StartupError extends Error {}

const FILE_SYSTEM_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EISDIR', 'EEXIST', 'ENOENT', 'ELOOP']);
const DATABASE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '28P01', '3D000']);

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/** The database's address from DATABASE_URL, never its password. */
function databaseAddress(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}${port ? `:${port}` : ''}${pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** One line for whoever starts the server: what stopped it and what to change. Never a stack. */
export function describeStartupError(err: unknown, env?: TEnv): string {
  if (err instanceof EnvError || err instanceof DataDirInUseError || err instanceof StartupError) return err.message;
  const e = err as NodeJS.ErrnoException & { address?: string; hostname?: string };
  const message = firstLine(String(e?.message ?? err));
  const code = e?.code ?? '';
  if (env && e?.syscall === 'listen') {
    if (code === 'EADDRINUSE') return `Port ${env.PORT} on ${env.HOST} is already in use: stop what holds it, or set PORT to a free port.`;
    if (code === 'EACCES') return `This user may not listen on port ${env.PORT}: set PORT to 1024 or above, or grant the permission.`;
    if (code === 'EADDRNOTAVAIL') return `HOST ${env.HOST} is not an address of this machine: set HOST (0.0.0.0 listens on all).`;
  }
  if (env && code === 'ENOTFOUND' && e.hostname === env.HOST)
    return `HOST ${env.HOST} cannot be resolved: set HOST to an address of this machine.`;
  if (env?.DATABASE_URL && (DATABASE_CODES.has(code) || /connect|timeout|terminat/i.test(message))) {
    return `The database at ${databaseAddress(env.DATABASE_URL)} cannot be used (${message}): check DATABASE_URL and that PostgreSQL is up.`;
  }
  if (code === 'ENOSPC')
    return `No space left on the disk (${message}): free some space under DATA_DIR (${resolve(env?.DATA_DIR ?? '.')}).`;
  if (FILE_SYSTEM_CODES.has(code) && e.path) {
    const dataDir = resolve(env?.DATA_DIR ?? './data');
    return `Cannot use ${e.path} (${message}): make DATA_DIR (${dataDir}) writable by this user, or set DATA_DIR to another directory.`;
  }
  return `The server could not start: ${message}${env && !['debug', 'trace'].includes(env.LOG_LEVEL) ? ' (LOG_LEVEL=debug shows where)' : ''}`;
}

/** Prints the one line (the stack too at LOG_LEVEL debug or trace) and exits 1. */
export function exitOnStartupError(err: unknown, env?: TEnv): never {
  console.error(describeStartupError(err, env));
  if (env && ['debug', 'trace'].includes(env.LOG_LEVEL) && err instanceof Error) console.error(err.stack);
  process.exit(1);
}
