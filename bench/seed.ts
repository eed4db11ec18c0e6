/**
 * `npm run bench:seed -w @courier/bench`: a courier's few years in PostgreSQL. Recreates BENCH_DATABASE_URL's
 * database, runs the app's migrations, then fills it with BENCH_DELIVERIES deliveries (1,000,000 by default)
 * and three custody events each, in set-based SQL (INSERT ... SELECT generate_series), with a valid hash chain
 * (the same canonical JSON and SHA-256 as custody.ts, computed by PostgreSQL). One customer, the "hospital
 * lab", owns BENCH_HEAVY_DELIVERIES of them (200,000 by default, at most a fifth of the total).
 */
import { ROLE_IDS } from '@courier/contract';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { createUser } from '../apps/api/src/db/seed/factories.js';
import { listCustodyEvents, verifyCustodyChain } from '../apps/api/src/modules/deliveries/custody.js';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/courier_bench';
export const HEAVY_EMAIL = 'lab@bench.example.test';
export const HEAVY_PASSWORD = 'Courier#2026';
const OTHER_CUSTOMERS = 1000;
const DRIVERS = 50;
const BATCH = 100_000;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 50 bits scrambled by an odd multiplier (a bijection mod 2^50): unique, random-looking tracking numbers. */
export const orderIdSql = (g: string) => {
  const x = `((${g}::bigint * 2654435761) & 1125899906842623)`;
  const chars = Array.from({ length: 10 }, (_, i) => `substr('${CROCKFORD}', ((${x} >> ${45 - 5 * i}) & 31)::int + 1, 1)`);
  return `'MC' || ${chars.join(' || ')}`;
};

/** Ids that grow with g, so the primary keys fill their indexes in order. */
const uuidSql = (prefix: string, g: string) => `('${prefix}-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;

/** custody.ts's canonical JSON of an event, from SQL expressions. */
function canonicalSql(e: { deliveryId: string; seq: number; status: string; label: string; lat: string; lng: string; at: string }) {
  const json = (v: string) => `coalesce(to_json(${v})::text, 'null')`;
  return `'[' || to_json(${e.deliveryId}::text)::text || ',${e.seq},' || to_json(${e.status}::text)::text || ',' || ${json(e.label)} || ',' || ${json(e.lat)} || ',' || ${json(e.lng)} || ',null,null,null,"' || to_char(${e.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"]'`;
}
const hashSql = (prev: string, canonical: string) => `encode(sha256(convert_to(${prev} || ${canonical}, 'UTF8')), 'hex')`;

export async function seedBenchDatabase(total: number, heavy: number, log = console.log) {
  const url = new URL(BENCH_DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();

  const database = await openDatabase({ url: BENCH_DATABASE_URL });
  await database.migrate();
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into roles (id, name) values ${Object.entries(ROLE_IDS)
        .map(([r, id]) => `('${id}', '${r}')`)
        .join(', ')} on conflict do nothing`,
    );
    const { user: lab } = await createUser(database.db, {
      email: HEAVY_EMAIL,
      password: HEAVY_PASSWORD,
      firstName: 'Hospital',
      lastName: 'Lab',
    });
    // A customer belongs to an account: each copied customer gets its own, with the customer's id (as the migration does).
    const copyUser = async (prefix: string, n: number, role: string, email: string) => {
      const customer = role === ROLE_IDS.CUSTOMER;
      if (customer) {
        await client.query(
          `insert into customer_accounts (id, name, billing_email)
           select ${uuidSql(prefix, 'i')}, 'Bench Clinic ' || i, '${email}-' || i || '@bench.example.test' from generate_series(1, ${n}) i`,
        );
      }
      await client.query(
        `insert into users (id, email, password_hash, first_name, last_name, phone, role_id, email_verified_at, account_id, account_role)
         select ${uuidSql(prefix, 'i')}, '${email}-' || i || '@bench.example.test', password_hash, 'Bench', 'User ' || i, '+16175550100', '${role}', now(),
           ${customer ? `${uuidSql(prefix, 'i')}, 'owner'` : 'null, null'}
         from users, generate_series(1, ${n}) i where users.id = $1`,
        [lab.id],
      );
    };
    await copyUser('c0000000', OTHER_CUSTOMERS, ROLE_IDS.CUSTOMER, 'customer');
    await copyUser('d0000000', DRIVERS, ROLE_IDS.DRIVER, 'driver');
    await client.query(
      `insert into driver_locations (driver_id, lat, lng, updated_at) select ${uuidSql('d0000000', 'i')}, 42.36 + i / 1000.0, -71.06, now() from generate_series(1, ${DRIVERS}) i`,
    );

    // Every fifth delivery is the lab's until it has `heavy`; the others go round the other customers.
    const heavyStep = Math.max(1, Math.floor(total / heavy));
    const started = Date.now();
    // The deliveries rows carry their milestones already: a row-by-row trigger update per event would triple the seeding time.
    await client.query('alter table delivery_events disable trigger delivery_events_milestones');
    for (let from = 1; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      await client.query('begin');
      await client.query(
        `insert into deliveries (id, order_id, customer_id, account_id, sender_phone, pickup_address, pickup_label, pickup_lat, pickup_lng,
           recipient_name, recipient_phone, recipient_email, delivery_address, delivery_label, delivery_lat, delivery_lng,
           package_type, package_size, delivery_type, status, driver_id, estimated_delivery, created_at, updated_at,
           picked_up_at, delivered_at)
         select ${uuidSql('b0000000', 'g')}, ${orderIdSql('g')},
           case when g % ${heavyStep} = 0 and g / ${heavyStep} <= ${heavy} then $1::uuid else ${uuidSql('c0000000', `(g % ${OTHER_CUSTOMERS}) + 1`)} end,
           case when g % ${heavyStep} = 0 and g / ${heavyStep} <= ${heavy} then $2::uuid else ${uuidSql('c0000000', `(g % ${OTHER_CUSTOMERS}) + 1`)} end,
           '+16175550111', '55 Fruit St, Boston, MA 02114', 'Boston, MA 02114', 42.36, -71.07,
           'Priya Raman', '+16175550177', 'priya.raman@example.test', '330 Brookline Ave, Boston, MA 02215', 'Boston, MA 02215', 42.34, -71.1,
           'SPECIMEN', 'SMALL', 'SAME_DAY', s.status,
           case when s.status in ('picked_up', 'in_transit') then ${uuidSql('d0000000', `(g % ${DRIVERS}) + 1`)} end,
           s.at + interval '4 hours', s.at, s.at + interval '4 hours',
           -- What the milestones trigger (migration 0012) would copy from the third event, written here at once.
           case when s.status = 'picked_up' then s.at + interval '120 minutes' end,
           case when s.status = 'delivered' then s.at + interval '120 minutes' end
         from generate_series(${from}, ${to}) g,
           lateral (select case when g > ${total} - 500 then (array['pending', 'approved', 'assigned', 'picked_up', 'in_transit'])[g % 5 + 1]
                                when g % 20 = 0 then 'cancelled' else 'delivered' end as status,
                           date_trunc('milliseconds', now() - (${total} - g) * interval '90 seconds') as at) s`,
        [lab.id, lab.accountId],
      );
      // Three custody events: booked at the pickup, approved, then the current status at the destination.
      const e = (seq: number, status: string, label: string, lat: string, lng: string, minutes: number) => ({
        seq,
        status,
        label,
        lat,
        lng,
        at: `(d.created_at + interval '${minutes} minutes')`,
        deliveryId: 'd.id',
      });
      const e1 = e(1, `'pending'`, 'd.pickup_label', 'd.pickup_lat', 'd.pickup_lng', 0);
      const e2 = e(2, `'approved'`, 'null::text', 'null::float8', 'null::float8', 10);
      const e3 = e(3, 'd.status', 'd.delivery_label', 'd.delivery_lat', 'd.delivery_lng', 120);
      await client.query(
        `insert into delivery_events (id, delivery_id, seq, status, location_label, lat, lng, created_at, prev_hash, hash)
         select ${uuidSql('e0000000', '(d.g * 4 + v.seq)')}, d.id, v.seq, v.status, v.label, v.lat, v.lng, v.at, v.prev, v.hash
         from (select *, ('x' || right(id::text, 12))::bit(48)::bigint as g from deliveries
               where id between ${uuidSql('b0000000', String(from))} and ${uuidSql('b0000000', String(to))}) d,
           lateral (select ${hashSql(`'${'0'.repeat(64)}'`, canonicalSql(e1))} as h1) a,
           lateral (select ${hashSql('a.h1', canonicalSql(e2))} as h2) b,
           lateral (select ${hashSql('b.h2', canonicalSql(e3))} as h3) c,
           lateral (values (1, 'pending', ${e1.label}, ${e1.lat}, ${e1.lng}, ${e1.at}, '${'0'.repeat(64)}', a.h1),
                           (2, 'approved', ${e2.label}, ${e2.lat}, ${e2.lng}, ${e2.at}, a.h1, b.h2),
                           (3, d.status, ${e3.label}, ${e3.lat}, ${e3.lng}, ${e3.at}, b.h2, c.h3))
             as v(seq, status, label, lat, lng, at, prev, hash)`,
      );
      await client.query('commit');
      log(`  ${to.toLocaleString('en-US')} deliveries (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await client.query('alter table delivery_events enable trigger delivery_events_milestones');
    await client.query('vacuum analyze');
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s, vacuumed and analyzed`);
    // The app's own verifier over a sample: the SQL-built chains must verify like real ones.
    const { rows } = await client.query<{ id: string }>('select id from deliveries tablesample bernoulli (1) limit 200');
    for (const { id } of rows) {
      if (!verifyCustodyChain(await listCustodyEvents(database.db, id)).valid) throw new Error(`custody chain of ${id} does not verify`);
    }
    log(`  custody chains verify (${rows.length} sampled)`);
    return { labId: lab.id };
  } finally {
    await client.end();
    await database.close();
  }
}

/** N random tracking numbers that exist, read back rather than recomputed. */
export async function sampleTrackingNumbers(n: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ order_id: string }>(
      'select order_id from deliveries tablesample bernoulli (5) order by random() limit $1',
      [n],
    );
    return rows.map((r) => r.order_id);
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('seed.ts')) {
  const total = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
  const heavy = Math.min(Number(process.env.BENCH_HEAVY_DELIVERIES ?? 200_000), Math.floor(total / 5));
  console.log(
    `Seeding ${BENCH_DATABASE_URL}: ${total.toLocaleString('en-US')} deliveries, ${heavy.toLocaleString('en-US')} for ${HEAVY_EMAIL}`,
  );
  seedBenchDatabase(total, heavy).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
