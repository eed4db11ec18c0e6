import { ZCreateDeliveryRequest } from '@courier/contract';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createUser } from './db/seed/factories.js';
import { TEST_NOW, validDeliveryForm } from './modules/deliveries/delivery-test-kit.js';
import { freshIp, STRONG_PASSWORD } from './modules/auth/test-support.js';
import { fixedClock } from './platform/clock.js';
import { useTestApp } from './test/test-app.js';

/**
 * Fuzz over the contract: every operation of the OpenAPI document that takes a JSON body, a query or path
 * parameters gets bodies and parameters generated from its own schema, mixed with hostile strings and wrong
 * types. None may answer 5xx. Seeded and bounded: the same cases on every run.
 */

const CASES_PER_OPERATION = 40;
const SEED = 20260302;

const HOSTILE_STRINGS = [
  '\u0000',
  'abc\u0000def',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  'x'.repeat(100_000),
  '\u202Eevil.exe\u202Dtxt',
  '\u200F\u202B\u2067rtl',
  "' OR '1'='1'; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally.
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '',
  '   ',
  '\t\r\n',
  '📦🚑'.repeat(50),
  'Ｃｏｕｒｉｅｒ',
  '-1',
  '1e309',
  'null',
  '2026-02-30T25:61:00Z',
];
const HOSTILE_VALUES: unknown[] = [null, -1, 0, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, true, false, [], {}, ['a'], { $ne: null }];

/** mulberry32: small, seedable, good enough to pick cases. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  return { next, pick, chance: (p: number) => next() < p };
}
type Gen = ReturnType<typeof generator>;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** Values that pass each field's own rules, by the field's name, so a hostile value elsewhere reaches the use case. */
const PLAUSIBLE: Record<string, unknown> = {
  email: 'fuzz@clinic.test',
  recipientEmail: 'jordan.lee@example.test',
  password: STRONG_PASSWORD,
  currentPassword: STRONG_PASSWORD,
  newPassword: 'Courier#2027x',
  otp: '123456',
  requiredBy: '2026-03-03T19:00:00.000Z',
  rating: 4,
  page: 1,
  limit: 10,
  ...validDeliveryForm(),
};

/** A value for a schema that passes its rules as far as the name and type tell. */
function plausible(schema: Schema | undefined, g: Gen, name = '', depth = 0): unknown {
  if (name in PLAUSIBLE && schema?.type !== 'boolean' && schema?.type !== 'object') return PLAUSIBLE[name];
  if (!schema || depth > 4) return 'Dana';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return plausible(variants.find((v) => v.type !== 'null') ?? variants[0], g, name, depth + 1);
  if (schema.allOf?.length) return plausible(schema.allOf[0], g, name, depth + 1);
  if (schema.enum?.length) return g.pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, plausible(sub, g, key, depth + 1)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (/phone/i.test(name)) return '+16175550142';
      if (/address/i.test(name)) return '55 Fruit St, Boston, MA 02114';
      return 'Dana';
  }
}

/**
 * Something no field should take: a hostile string (alone, or inside a value that is otherwise right, so it gets
 * past the field's other rules), otherwise a wrong type.
 */
function hostile(g: Gen, plausibleValue?: unknown): unknown {
  if (g.chance(0.2)) return g.pick(HOSTILE_VALUES);
  const bad = g.pick(HOSTILE_STRINGS);
  if (typeof plausibleValue !== 'string' || g.chance(0.4)) return bad;
  const at = Math.floor(g.next() * (plausibleValue.length + 1));
  return `${plausibleValue.slice(0, at)}${bad}${plausibleValue.slice(at)}`;
}

/** A plausible object with one or two of its fields (required or not, present or dropped) made hostile. */
function objectFor(schema: Schema, g: Gen): Record<string, unknown> {
  const out = plausible(schema, g) as Record<string, unknown>;
  const names = Object.keys(schema.properties ?? {});
  for (let k = g.chance(0.3) ? 2 : 1; k > 0 && names.length > 0; k--) {
    const name = g.pick(names);
    if (g.chance(0.1)) delete out[name];
    else out[name] = hostile(g, out[name]);
  }
  return out;
}

/** Percent-encodes a query value, lone surrogates included (as the WTF-8 bytes a hostile client would send). */
function encodeQueryValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Array.from(text, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }).join('');
}

interface Operation {
  method: string;
  path: string;
  body?: Schema;
  query: Array<{ name: string; schema?: Schema }>;
  pathParams: string[];
}

describe('fuzz over the OpenAPI document', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let operations: Operation[] = [];
  const sessions: Array<Record<string, string>> = [];
  let knownIds: { id: string; trackingNumber: string };

  beforeAll(async () => {
    const { user } = await createUser(t.db, { password: STRONG_PASSWORD });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: STRONG_PASSWORD },
        remoteAddress: freshIp(),
      });
      sessions.push({ authorization: `Bearer ${res.json().data.token}` });
    }
    const pending = await createDelivery(t.db, { customerId: user.id, status: 'pending' });
    const delivered = await createDelivery(t.db, { customerId: user.id, status: 'delivered' });
    knownIds = { id: pending.id, trackingNumber: delivered.orderId };

    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: Schema }> };
            parameters?: Array<{ in: string; name: string; schema?: Schema }>;
          }
        >
      >;
    };
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(byMethod)) {
        const params = op.parameters ?? [];
        operations.push({
          method: method.toUpperCase(),
          path,
          body: op.requestBody?.content['application/json']?.schema,
          query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        });
      }
    }
    // The delivery request reads its body itself (JSON or multipart), so the document carries no body schema for it.
    const delivery = operations.find((o) => o.method === 'POST' && o.path === '/api/v1/deliveries');
    if (delivery) delivery.body = z.toJSONSchema(ZCreateDeliveryRequest, { io: 'input', unrepresentable: 'any' }) as Schema;
    // A live stream never ends, and inject waits for the end: the live tests cover those over a socket.
    operations = operations.filter((o) => (o.body || o.query.length > 0 || o.pathParams.length > 0) && !o.path.endsWith('/events'));
  });

  it('finds the calls that take input in the document', () => {
    const names = operations.map((o) => `${o.method} ${o.path}`);
    for (const expected of [
      'POST /api/v1/auth/register',
      'POST /api/v1/auth/login',
      'POST /api/v1/deliveries',
      'POST /api/v1/deliveries/{id}/cancel',
      'POST /api/v1/deliveries/track/{trackingNumber}/feedback',
      'POST /api/v1/optform',
      'GET /api/v1/geo/autocomplete',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('never answers 5xx to bodies and parameters built from the schemas with hostile strings', async () => {
    const g = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (let i = 0; i < CASES_PER_OPERATION; i++) {
        let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
          if (g.chance(0.7)) return name === 'trackingNumber' ? knownIds.trackingNumber : knownIds.id;
          return encodeQueryValue(g.pick(HOSTILE_STRINGS)).slice(0, 2000) || 'x';
        });
        const spoiled = op.query.length ? g.pick(op.query).name : '';
        const query = op.query.map((q) => {
          const value = q.name === spoiled ? hostile(g, plausible(q.schema, g, q.name)) : plausible(q.schema, g, q.name);
          return `${q.name}=${encodeQueryValue(value).slice(0, 20_000)}`;
        });
        if (query.length) url += `?${query.join('&')}`;
        const payload = op.body
          ? g.chance(0.9)
            ? objectFor(op.body, g)
            : g.pick([...HOSTILE_VALUES, ...HOSTILE_STRINGS.slice(0, 6)])
          : undefined;
        // Logout with the shared session would end it for the cases after; it gets no Bearer header.
        const headers: Record<string, string> = op.path.endsWith('/logout') ? {} : { ...sessions[sent++ % sessions.length] };
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers,
          payload: payload === undefined ? undefined : JSON.stringify(payload),
          remoteAddress: freshIp(),
        });
        if (res.statusCode >= 500) {
          failures.push(
            `${op.method} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(operations.length * CASES_PER_OPERATION).toBeGreaterThan(400);
  }, 300_000);
});
