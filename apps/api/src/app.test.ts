import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE_IDS } from '@courier/contract';
import { eq, sql } from 'drizzle-orm';
import { ensureSuperAdmin } from './db/bootstrap.js';
import { users } from './db/schema/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './test/test-app.js';

describe('the server foundation', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'courier-web-'));
  // A built web app in miniature, there before the app is built.
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>MedCourier</title><div id="root"></div>');
  writeFileSync(join(webRoot, 'robots.txt'), 'User-agent: *');
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets/app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  writeFileSync(join(webRoot, 'assets/app.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  const t = useTestApp({ env: { SERVE_WEB: 'true' }, webRoot });
  afterAll(async () => {
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('migrates every table of the domain', async () => {
    const result = await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    const tables = (result.rows as Array<{ table_name: string }>).map((r) => r.table_name);
    for (const name of [
      'users',
      'roles',
      'refresh_tokens',
      'auth_tokens',
      'deliveries',
      'delivery_events',
      'shipping_labels',
      'proofs_of_delivery',
      'notifications',
      'optins',
      'feedback',
      'audit_events',
      'outbox_messages',
      'stored_files',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('seeds the six roles with their fixed ids', async () => {
    const result = await t.db.execute(sql`select id, name from roles order by id`);
    expect(result.rows).toHaveLength(6);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', files: 'up' });
  });

  it('answers a JSON 404 for unknown /api paths', async () => {
    const res = await t.app.inject('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Route GET /api/v1/no-such-thing not found' });
  });

  it('serves the SPA shell for any other path and real files as they are', async () => {
    const page = await t.app.inject('/deliveries/123?x=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const file = await t.app.inject('/robots.txt');
    expect(file.body).toBe('User-agent: *');
  });

  it('never serves a source map, even one left in the build', async () => {
    expect((await t.app.inject('/assets/app.js')).statusCode).toBe(200);
    const map = await t.app.inject('/assets/app.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('sets security headers and a request id, and no CORS', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts the content security policy and the framing headers on HTML pages only, not on JSON', async () => {
    const page = await t.app.inject('/tracking');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain('https://tile.openstreetmap.org');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const json = await t.app.inject('/api/v1/config');
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['content-security-policy']).toBeUndefined();
    expect(json.headers['x-frame-options']).toBeUndefined();
    expect(json.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('readiness while the database is away', () => {
  it('answers 503 on /readyz without crashing, and /healthz still 200', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', files: 'up' });
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});

describe('readiness while the file store cannot be written', () => {
  it('answers 503 naming the file store, and ready again once it can be written', async () => {
    const t = await createTestApp();
    const files = join(t.env.DATA_DIR, 'files');
    try {
      // A file where the store's folder should be: nothing can be written there (a permission change would not
      // stop root, who runs some CI).
      rmSync(files, { recursive: true, force: true });
      writeFileSync(files, 'not a folder');
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'up', files: 'down' });
      rmSync(files);
      expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the first super administrator', () => {
  it('is created at start from ADMIN_EMAIL and ADMIN_PASSWORD, once, and can sign in', async () => {
    const t = await createTestApp({ env: { ADMIN_EMAIL: 'Boss@Courier.test', ADMIN_PASSWORD: 'First#Admin2026' } });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'boss@courier.test', password: 'First#Admin2026' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user.roleId).toBe(ROLE_IDS.SUPER_ADMIN);
      // A second start with other credentials adds no second super administrator.
      await ensureSuperAdmin(t.db, 'other@courier.test', 'Other#Admin2026', t.app.log);
      const admins = await t.db.select().from(users).where(eq(users.roleId, ROLE_IDS.SUPER_ADMIN));
      expect(admins.map((a) => a.email)).toEqual(['boss@courier.test']);
    } finally {
      await t.close();
    }
  });
});
