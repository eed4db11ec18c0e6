/**
 * `npm start` as a supervisor runs it: a child process signalled on its own or with its group, a second start
 * on the same DATA_DIR, and a DATA_DIR it cannot write. Needs the builds `npm run build` makes (the e2e stage
 * runs after it); no browser.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { getFreePort, outputTail, REPO_ROOT, serverEnv, waitUntilReady } from '../fixtures/server.js';

const ADMIN = { email: 'ops-admin@medcourier.example', password: 'Ops#Admin2026' };
const DRAIN_MS = 10_000; // SHUTDOWN_GRACE_MS's default

interface Started {
  npm: ChildProcess;
  port: number;
  baseURL: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs an npm script (start, seed, db:migrate) the way an operator would: its own process group, settings in the environment. */
function runNpm(script: string, dataDir: string, port: number, extra: Record<string, string | undefined> = {}) {
  const env = serverEnv({
    NODE_ENV: undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  });
  const npm = spawn('npm', ['run', script], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = outputTail(npm, process.env.E2E_SERVER_LOGS === '1');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { npm, output, exited };
}

async function npmStart(dataDir: string, extra: Record<string, string | undefined> = {}): Promise<Started> {
  const port = await getFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const run = runNpm('start', dataDir, port, extra);
  // The first start may build the web app or the API (when a source is newer) and makes the database.
  await waitUntilReady(baseURL, run.npm, run.output, 150_000);
  return { ...run, port, baseURL };
}

/** Every process descending from pid (from ps), pid included. */
function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of rows) if (parent === tree[i]) tree.push(child);
  return tree;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A sign-in whose body arrives in two parts: in flight from the first byte until finish() sends the rest. */
function signInSlowly(port: number) {
  const body = JSON.stringify(ADMIN);
  const started = { response: Promise.resolve({ status: 0, body: '' }), finish: () => {}, abort: () => {} };
  started.response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    started.finish = () => req.end(body.slice(10));
    started.abort = () => req.destroy();
  });
  return started;
}

function postJson(url: string, body: unknown, bearer?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Our own stderr lines, without npm's report of a failed script. */
const ownLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim() && !/^npm (error|warn|notice)|^> /.test(line.trim()))
    .map((line) => line.trim());

test.describe('npm start under a process manager', () => {
  test.describe.configure({ timeout: 240_000 });
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'courier-ops-'));
    dataDirs.push(dir);
    return dir;
  };
  const running: Started[] = [];
  test.afterEach(() => {
    for (const s of running.splice(0)) {
      try {
        process.kill(-s.npm.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
  test.afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  test('SIGTERM to npm alone drains a request in flight (2xx), then nothing it started is left and the port is free', async () => {
    const dataDir = newDataDir();
    const server = await npmStart(dataDir);
    running.push(server);
    const started = processTree(server.npm.pid!);
    expect(started.length).toBeGreaterThan(1);

    const signIn = signInSlowly(server.port);
    await new Promise((r) => setTimeout(r, 500)); // the server has the request's head
    const signalledAt = Date.now();
    server.npm.kill('SIGTERM');
    // Stopping: no new connections, while the sign-in is still open.
    await until('the port refuses new connections', async () => !(await acceptsConnections(server.port)), 5000);
    signIn.finish();
    const answer = await signIn.response;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    await until('every started process has ended', () => started.every((pid) => !isRunning(pid)), 2000);
    expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS);
    expect(await acceptsConnections(server.port)).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.lock')), 'the DATA_DIR lock is released').toBe(false);
    expect(server.output()).not.toMatch(/error/i);
    // One plain line says where it serves (the real port); an administrator exists, so no set-up hint.
    expect(server.output().split('\n')).toContain(`MedCourier is ready at http://localhost:${server.port}`);
    expect(server.output()).not.toContain('No accounts yet');
  });

  test('on an empty database the ready line says how to load the demo or create the first administrator', async () => {
    const server = await npmStart(newDataDir(), { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    running.push(server);
    await until('the ready line is printed', () => server.output().includes('MedCourier is ready at'), 10_000);
    const lines = server.output().split('\n');
    const ready = lines.indexOf(`MedCourier is ready at http://localhost:${server.port}`);
    expect(ready, server.output()).toBeGreaterThanOrEqual(0);
    expect(lines.slice(ready + 1).join(' ')).toMatch(/No accounts yet.*npm run seed.*ADMIN_EMAIL and ADMIN_PASSWORD/);
    server.npm.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  test('SIGKILL to npm start’s process group leaves no server listening, and the next start is not blocked', async () => {
    const dataDir = newDataDir();
    const first = await npmStart(dataDir);
    running.push(first);
    const started = processTree(first.npm.pid!);
    process.kill(-first.npm.pid!, 'SIGKILL');
    await first.exited;
    await until('every started process has ended', () => started.every((pid) => !isRunning(pid)), 5000);
    expect(await acceptsConnections(first.port)).toBe(false);

    // The lock the killed server left names a dead process: the next start takes the DATA_DIR over.
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    const second = await npmStart(dataDir);
    running.push(second);
    const login = await postJson(`${second.baseURL}/api/v1/auth/login`, ADMIN);
    expect(login.status).toBe(200);
    second.npm.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  test('the server does not outlive npm killed on its own', async () => {
    const server = await npmStart(newDataDir());
    running.push(server);
    const started = processTree(server.npm.pid!);
    server.npm.kill('SIGKILL');
    await until('every started process has ended', () => started.every((pid) => !isRunning(pid)), DRAIN_MS);
    expect(await acceptsConnections(server.port)).toBe(false);
  });

  test('a request that never ends holds the stop only for SHUTDOWN_GRACE_MS, and a second signal ends it at once', async () => {
    const dataDir = newDataDir();
    const patient = await npmStart(dataDir, { SHUTDOWN_GRACE_MS: '2000' });
    running.push(patient);
    const stuck = signInSlowly(patient.port);
    stuck.response.catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
    let signalledAt = Date.now();
    patient.npm.kill('SIGTERM');
    expect((await patient.exited).code).not.toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(patient.output()).toContain('drain time ran out');
    stuck.abort();

    const impatient = await npmStart(dataDir, { SHUTDOWN_GRACE_MS: '60000' });
    running.push(impatient);
    const held = signInSlowly(impatient.port);
    held.response.catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
    impatient.npm.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    signalledAt = Date.now();
    impatient.npm.kill('SIGTERM');
    expect((await impatient.exited).code).not.toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(3000);
    held.abort();
  });

  test('a second start, seed or migrate on a DATA_DIR in use refuses in one line, and the first keeps serving and keeps what it acknowledged', async () => {
    const dataDir = newDataDir();
    const seed = runNpm('seed', dataDir, 0);
    expect((await seed.exited).code, seed.output()).toBe(0);
    const first = await npmStart(dataDir);
    running.push(first);
    const serverPid = processTree(first.npm.pid!).find((pid) => pid !== first.npm.pid && isRunning(pid));

    const token = async () => {
      const res = await postJson(`${first.baseURL}/api/v1/auth/login`, {
        email: 'clinic@medcourier.example',
        password: 'Clinic#Courier2026',
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const book = async (auth: string) => {
      const res = await postJson(
        `${first.baseURL}/api/v1/deliveries`,
        {
          senderPhone: '+1 (617) 555-0100',
          pickupAddress: '55 Fruit St, Boston, MA 02114',
          recipientName: 'Jordan Lee',
          recipientPhone: '617-555-0199',
          recipientEmail: 'jordan.lee@example.test',
          requiredBy: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
          packageType: 'MEDICATION',
          packageSize: 'small',
          deliveryType: 'EXPRESS',
        },
        auth,
      );
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { data: { orderId: string } }).data.orderId;
    };
    const auth = await token();
    const booked = [await book(auth)];

    // npm execs the script, so the server npm start started is npm's one child.
    const refusal = `The data directory ${dataDir} is in use by process ${serverPid}: stop that process first, or set DATA_DIR to another directory.`;
    for (const script of ['start', 'seed', 'db:migrate']) {
      const second = runNpm(script, dataDir, await getFreePort());
      const { code } = await second.exited;
      expect(code, `npm run ${script}`).not.toBe(0);
      expect(ownLines(second.output()), `npm run ${script}`).toEqual([refusal]);
    }

    expect((await fetch(`${first.baseURL}/readyz`)).status).toBe(200);
    booked.push(await book(auth));
    first.npm.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });

    const again = await npmStart(dataDir);
    running.push(again);
    for (const orderId of booked) {
      expect((await fetch(`${again.baseURL}/api/v1/deliveries/track/${orderId}`)).status, orderId).toBe(200);
    }
    again.npm.kill('SIGTERM');
    await again.exited;
  });

  test('a DATA_DIR this user cannot write stops the start with one line naming it', async () => {
    const dataDir = newDataDir();
    const port = await getFreePort();
    // root writes anywhere, so as root the server runs as nobody, as a service account would.
    const asRoot = process.getuid?.() === 0;
    let home: string | undefined;
    if (asRoot) {
      home = mkdtempSync(join(tmpdir(), 'courier-home-'));
      chmodSync(home, 0o777);
      dataDirs.push(home);
    } else chmodSync(dataDir, 0o555);
    const env = serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(home ? { HOME: home } : {}) });
    const npm = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    const output = outputTail(npm, false);
    const code = await new Promise((resolve) => npm.once('exit', resolve));
    expect(code).not.toBe(0);
    const lines = ownLines(output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^DATA_DIR ${dataDir} is not writable \\(EACCES: .*\\): make it writable by this user, or set DATA_DIR to another directory\\.$`,
      ),
    );
  });

  test('a bad setting stops the start with one line naming the variable', async () => {
    const bad = runNpm('start', newDataDir(), await getFreePort(), { SHUTDOWN_GRACE_MS: 'ten seconds' });
    expect((await bad.exited).code).not.toBe(0);
    const lines = ownLines(bad.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable SHUTDOWN_GRACE_MS: /);
  });

  test('production serves the app without source maps', async ({ app, request }) => {
    const html = await (await request.get(`${app.baseURL}/`)).text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(await (await request.get(`${app.baseURL}${script}`)).text()).not.toContain('sourceMappingURL');
      expect((await request.get(`${app.baseURL}${script}.map`)).status()).toBe(404);
    }
  });
});
