import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useTestApp } from '../test/test-app.js';
import { enqueueEmail } from './outbox.js';
import { POSTGRES_ONLY_METRICS, REPLICA_ONLY_METRICS } from './prometheus-metrics.js';

const RULES_FILE = new URL('../../../../docs/alerts.yml', import.meta.url);
const TOKEN = 'alert-rules-token-0123456789';
/** Series Prometheus makes itself for every target. */
const PROMETHEUS_OWN = new Set(['up']);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** Metric names in a PromQL expression, each with the label names its selector matches on. */
function selectorsOf(expr: string): { name: string; labels: string[] }[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const found: { name: string; labels: string[] }[] = [];
  for (const m of withoutStrings.matchAll(/\b([a-z_:][a-z0-9_:]*)\s*(\{[^}]*\})?/g)) {
    const [, name, matchers] = m;
    const next = withoutStrings.slice((m.index ?? 0) + m[0].length).trimStart();
    // Functions, aggregation clauses and keywords are not series.
    if (next.startsWith('(') || /^(by|without|on|ignoring|group_left|group_right|bool|and|or|unless|offset)$/.test(name)) continue;
    if (!name.includes('_') && !PROMETHEUS_OWN.has(name)) continue;
    const before = withoutStrings.slice(0, m.index).trimEnd();
    // Label names inside by (...) / without (...) groupings are not metrics.
    if (/\b(by|without|on|ignoring)\s*\([^)]*$/.test(before)) continue;
    found.push({ name, labels: [...(matchers ?? '').matchAll(/([a-z_]+)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]) });
  }
  return found;
}

describe('docs/alerts.yml', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const exported = new Map<string, Set<string>>();

  beforeAll(async () => {
    // Exercise what has series only once something happens: a request, a sent message.
    await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    await enqueueEmail(t.db, { to: 'ops@clinic.test', subject: 'Hello', text: 'Hi' }, t.app.services.clock.now());
    await t.sentEmails();
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      for (const suffix of ['', ...(SUFFIXES[type] ?? [])]) exported.set(name + suffix, new Set());
    }
    for (const [, name, labels] of text.matchAll(/^([a-z_:][a-z0-9_:]*)\{([^}]*)\}/gm)) {
      for (const [, label] of labels.matchAll(/([a-z_]+)="/g)) exported.get(name)?.add(label);
    }
    if (t.database.kind === 'pglite') for (const name of POSTGRES_ONLY_METRICS) exported.set(name, new Set(['state']));
    // The replica's series exist only with DATABASE_READ_URL (read-replica.test.ts scrapes it there).
    for (const name of REPLICA_ONLY_METRICS) exported.set(name, new Set());
  });

  const rules = (): Rule[] => {
    const doc = parse(readFileSync(RULES_FILE, 'utf8')) as { groups: { name: string; rules: Rule[] }[] };
    return doc.groups.flatMap((g) => g.rules);
  };

  it('holds the alerts an operator needs, each complete', () => {
    const names = rules().map((r) => r.alert);
    for (const needed of [
      'MedCourierOutboxStuck',
      'MedCourierWebhooksFailing',
      'MedCourierServerErrors',
      'MedCourierNotReady',
      'MedCourierBackupTooOld',
      'MedCourierReplicaLagging',
    ]) {
      expect(names).toContain(needed);
    }
    for (const rule of rules()) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(rule.expr?.trim(), rule.alert).toBeTruthy();
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
    expect(rules().find((r) => r.alert === 'MedCourierOutboxStuck')?.expr).toMatch(/> 300\b/);
  });

  it('names only metrics the app exports, with labels they carry', () => {
    for (const rule of rules()) {
      const selectors = selectorsOf(rule.expr ?? '');
      expect(selectors.length, rule.alert).toBeGreaterThan(0);
      for (const { name, labels } of selectors) {
        if (PROMETHEUS_OWN.has(name)) continue;
        expect(exported.has(name), `${rule.alert} names ${name}, which /metrics does not export`).toBe(true);
        const carried = exported.get(name) ?? new Set();
        for (const label of labels) {
          expect(carried.has(label) || label === 'le', `${rule.alert}: ${name} has no label ${label}`).toBe(true);
        }
      }
    }
  });

  it('finds the metric names in an expression, and not the functions, groupings or label values', () => {
    expect(selectorsOf('max by (queue) (courier_queue_oldest_age_seconds{queue=~"email|sms"}) > 300')).toEqual([
      { name: 'courier_queue_oldest_age_seconds', labels: ['queue'] },
    ]);
    expect(selectorsOf('time() - max(no_such_metric) > 1').map((s) => s.name)).toEqual(['no_such_metric']);
  });
});
