import { describe, expect, it } from 'vitest';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { EnvError, parseEnv } from './env.js';
import { describeStartupError } from './startup-error.js';

const env = parseEnv({ PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/srv/courier' });
const errno = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(`${message}\n    at somewhere (x.js:1:1)`), fields);

describe('start-up failures', () => {
  it.each([
    [new EnvError('Invalid environment variable PORT: too big'), 'Invalid environment variable PORT: too big'],
    [new DataDirInUseError('/srv/courier', 4242), 'The data directory /srv/courier is in use by process 4242'],
    [
      errno('listen EADDRINUSE: address already in use 127.0.0.1:8080', { code: 'EADDRINUSE', syscall: 'listen' }),
      'Port 8080 on 127.0.0.1 is already in use',
    ],
    [errno('listen EACCES: permission denied 127.0.0.1:80', { code: 'EACCES', syscall: 'listen' }), 'may not listen on port 8080'],
    [
      errno("EACCES: permission denied, mkdir '/srv/courier/secrets'", { code: 'EACCES', syscall: 'mkdir', path: '/srv/courier/secrets' }),
      'make DATA_DIR (/srv/courier) writable by this user',
    ],
    [new Error('something unexpected\n    at x (y.js:1:1)'), 'The server could not start: something unexpected'],
  ])('%s reads as one line saying what to fix', (err, expected) => {
    const line = describeStartupError(err, env);
    expect(line).toContain(expected);
    expect(line).not.toContain('\n');
    expect(line).not.toMatch(/\bat .*:\d+:\d+/);
  });

  it('names the database without its password', () => {
    const withDb = parseEnv({ DATABASE_URL: 'postgres://courier:hunter2@db.internal:5432/courier' });
    const line = describeStartupError(errno('connect ECONNREFUSED 10.0.0.5:5432', { code: 'ECONNREFUSED' }), withDb);
    expect(line).toBe(
      'The database at db.internal:5432/courier cannot be used (connect ECONNREFUSED 10.0.0.5:5432): check DATABASE_URL and that PostgreSQL is up.',
    );
    expect(line).not.toContain('hunter2');
  });
});
