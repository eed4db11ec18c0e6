import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A real hot standby of a PostgreSQL server: pg_basebackup of the whole cluster (-R: it streams from the primary
 * afterwards) into a temporary directory and a second postmaster on a free port. Used by the replica routing test
 * and `npm run bench` (part replica). The primary must accept replication connections (docs/testing.md).
 */
export interface StreamingReplica {
  port: number;
  /** The same database on the replica: a URL of the primary with the replica's port. */
  urlFor(primaryUrl: string): string;
  /** Resolves once the replica has replayed everything the primary had written when it was called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops (and restarts) applying the primary's changes; the WAL keeps arriving meanwhile. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

/** Why no replica can be started here, with the one-time setting that would allow it; null when one can. */
export type StartResult = { replica: StreamingReplica; impossible?: undefined } | { replica?: undefined; impossible: string };

async function one<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows[0];
  } finally {
    await client.end().catch(() => {});
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Settings a hot standby must have at least as high as its primary's, or recovery stops at once. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

export async function startStreamingReplica(primaryUrl: string): Promise<StartResult> {
  const primary = new URL(primaryUrl);
  const settings = await one<Record<string, string>>(
    primaryUrl,
    `select current_setting('wal_level') as wal_level, current_setting('server_version_num') as version,
      ${AT_LEAST_PRIMARY.map((s) => `current_setting('${s}') as ${s}`).join(', ')}`,
  );
  if (settings.wal_level === 'minimal') return { impossible: 'the primary has wal_level = minimal (set replica and restart it)' };
  if (Number(settings.max_wal_senders) < 1) return { impossible: 'the primary has max_wal_senders = 0 (set 10 and restart it)' };
  const bin = process.env.PG_BIN ?? `/usr/lib/postgresql/${Math.floor(Number(settings.version) / 10000)}/bin`;
  if (!existsSync(join(bin, 'pg_basebackup'))) return { impossible: `no pg_basebackup in ${bin} (set PG_BIN to the server's binaries)` };

  const dir = mkdtempSync(join(tmpdir(), 'courier-replica-'));
  const data = join(dir, 'data');
  const user = decodeURIComponent(primary.username || 'postgres');
  try {
    await run(join(bin, 'pg_basebackup'), [
      ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', user],
      ...['-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-password'],
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const message = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    if (/pg_hba\.conf.*replication|replication connection/i.test(message)) {
      return {
        impossible: `the primary refuses replication connections (${message.split('\n')[0]}); add "host replication all 127.0.0.1/32 trust" to its pg_hba.conf and reload`,
      };
    }
    throw err;
  }
  // Debian keeps the configuration outside the data directory: the copy gets its own, trusting local callers only.
  for (const [name, text] of [
    ['postgresql.conf', ''],
    ['pg_ident.conf', ''],
    ['pg_hba.conf', 'local all all trust\nhost all all 127.0.0.1/32 trust\n'],
  ]) {
    if (!existsSync(join(data, name))) writeFileSync(join(data, name), text);
  }

  const port = await freePort();
  const args = [
    ...['-D', data, '-p', String(port), '-k', dir],
    ...['-c', 'listen_addresses=127.0.0.1', '-c', 'hot_standby=on', '-c', 'shared_buffers=16MB', '-c', 'logging_collector=off'],
    ...AT_LEAST_PRIMARY.flatMap((s) => ['-c', `${s}=${settings[s]}`]),
  ];
  // PostgreSQL never runs as root: as root, the copy is handed to the postgres account and started as it.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', join(bin, 'postgres'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const urlFor = (url: string) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const admin = urlFor(primaryUrl);
  const stop = async () => {
    // The postmaster's own pid (runuser may not pass a signal on): a fast shutdown.
    const pidFile = join(data, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : child.pid;
    if (pid) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {}
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const { standby } = await one<{ standby: boolean }>(admin, 'select pg_is_in_recovery() as standby');
      if (!standby) throw new Error('the copy came up as a primary, not a standby');
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`the replica did not start: ${(err as Error).message}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  return {
    replica: {
      port,
      urlFor,
      async caughtUp(timeoutMs = 30_000) {
        const { lsn } = await one<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
        const until = Date.now() + timeoutMs;
        for (;;) {
          const { done } = await one<{ done: boolean }>(admin, 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn]);
          if (done) return;
          if (Date.now() > until) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
      async pauseReplay() {
        // Recovery checks the request before applying each record: from here on nothing more is applied.
        await one(admin, 'select pg_wal_replay_pause()');
      },
      async resumeReplay() {
        await one(admin, 'select pg_wal_replay_resume()');
      },
      stop,
    },
  };
}
