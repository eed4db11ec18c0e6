import { ROLE_IDS } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';

/** Shared steps of the account tests: real HTTP calls through inject, no shortcuts into use cases. */

let addressCounter = 0;
/** A fresh client address, so per-address limits of one test never reach another. */
export const freshIp = () => `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

export const STRONG_PASSWORD = 'Courier#2026';

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: `new-${Math.random().toString(36).slice(2, 10)}@clinic.test`,
    firstName: 'Dana',
    lastName: 'Reyes',
    phone: '(617) 555-0142',
    password: STRONG_PASSWORD,
    address: '55 Fruit St, Boston, MA 02114',
    accountType: 'hospital_clinic',
    roleId: ROLE_IDS.CUSTOMER,
    ...overrides,
  };
}

export async function post(t: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
}

export async function login(t: TestApp, email: string, password: string, ip = freshIp()) {
  return post(t, '/api/v1/auth/login', { email, password }, {}, ip);
}

/** Signs in a verified user and returns the tokens. */
export async function signedIn(t: TestApp, email: string, password: string) {
  const res = await login(t, email, password);
  if (res.statusCode !== 200 || !res.json().success) throw new Error(`login failed: ${res.body}`);
  const { token, refreshToken } = res.json().data as { token: string; refreshToken: string };
  return { token, refreshToken, auth: { authorization: `Bearer ${token}` } };
}

/** The last e-mail sent to an address (draining the outbox first). */
export async function lastEmailTo(t: TestApp, to: string) {
  const sent = (await t.sentEmails()).filter((m) => m.to === to);
  return sent.at(-1);
}

export async function emailsTo(t: TestApp, to: string) {
  return (await t.sentEmails()).filter((m) => m.to === to);
}

export function linkToken(text: string, path: string): string {
  const match = text.match(new RegExp(`(https?://\\S+${path.replaceAll('/', '\\/')}\\?token=([\\w%-]+))`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[2]);
}

export function codeIn(text: string): string {
  const match = text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1];
}

export async function auditActions(t: TestApp, userId: string) {
  const rows = await t.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, userId));
  return rows.map((r) => r.action);
}

export async function auditCount(t: TestApp, userId: string, action: string) {
  const rows = await t.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, userId), eq(auditEvents.action, action)));
  return rows.length;
}
