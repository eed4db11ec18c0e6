import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process that locks dir and says so, then holds it until killed. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const code = `import { lockDataDir } from ${JSON.stringify(lockModule)}; lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (exitCode) => reject(new Error(`the holder exited (${exitCode})`)));
  });
  return child;
}

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'courier-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder in the same process, naming the directory and this process', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(new DataDirInUseError(dir, process.pid));
    } finally {
      lock.release();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses while another live process holds it, in one line naming that process', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir);
    children.push(holder);
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toBe(
      `The data directory ${dir} is in use by process ${holder.pid}: stop that process first, or set DATA_DIR to another directory.`,
    );
  });

  it('takes over a lock left by a process that was killed outright', async () => {
    const dir = tempDir();
    const holder = await holderProcess(dir);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toContain(String(holder.pid));
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toContain(String(process.pid));
    lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose process id now belongs to a later process', () => {
    const dir = tempDir();
    // The parent is alive, but it started long before "its" lock claims.
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid} 1\n`);
    const lock = lockDataDir(dir);
    try {
      // This process holds it now: the file names it, and a second lock is refused in its name.
      const [pid, started] = readFileSync(join(dir, LOCK_FILE), 'utf8').trim().split(' ');
      expect(Number(pid)).toBe(process.pid);
      expect(started).not.toBe('1');
      expect(() => lockDataDir(dir)).toThrow(new DataDirInUseError(dir, process.pid));
    } finally {
      lock.release();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
