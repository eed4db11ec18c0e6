/**
 * Part `billing`: a month of money on PostgreSQL. 200 accounts and 13,500 delivered deliveries in one month
 * (a fresh database of the bench server); each delivery priced by the rate formula from varied inputs and stored;
 * then the month's invoice run (POST /api/v1/admin/invoices/run through the real app) timed, run again (nothing
 * new), and every draft issued. Target: the run under 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROLE_IDS, type TDeliveryPricing, type TPriceInputs, type TRateCardBody } from '@courier/contract';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { createUser } from '../apps/api/src/db/seed/factories.js';
import { parseEnv } from '../apps/api/src/env.js';
import { priceDelivery } from '../apps/api/src/modules/billing/rate-formula.js';
import { signAccessToken } from '../apps/api/src/platform/access-token.js';

const ACCOUNTS = Number(process.env.BENCH_BILLING_ACCOUNTS ?? 200);
const DELIVERIES = Number(process.env.BENCH_BILLING_DELIVERIES ?? 13_500);
const NAME = 'courier_bench_billing';
const uuidSql = (prefix: string, g: string) => `('${prefix}-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;

const typePrice = (baseCents: number) => ({ baseCents, includedMiles: 5, perMileCents: 155, minimumCents: baseCents });
const CARD = {
  name: 'Bench clinics',
  currency: 'USD',
  deliveryTypes: { STANDARD: typePrice(1500), EXPRESS: typePrice(2500), SAME_DAY: typePrice(2000), NEXT_DAY: typePrice(1200) },
  zones: [
    { name: 'Longwood', zips: ['02115', '02215'] },
    { name: 'Boston', zips: ['021'] },
  ],
  zonePrices: [{ from: 'Boston', to: 'Longwood', prices: { SAME_DAY: 3000 } }],
  sizeCents: { large: 500, extra_large: 900 },
  surcharges: {
    statPercent: 25,
    afterHoursCents: 1500,
    weekendCents: 2500,
    temperatureCents: { refrigerated: 800, frozen: 1200 },
    specimenCents: 300,
    controlledSubstanceCents: 1000,
    waitTime: { graceMinutes: 10, perMinuteCents: 50, capCents: 2000 },
    failedAttemptPercent: 50,
    returnPercent: 75,
  },
};

/** Varied but deterministic inputs: the i-th job of the month. */
function inputsOf(i: number): TPriceInputs {
  const types = ['STANDARD', 'EXPRESS', 'SAME_DAY', 'NEXT_DAY'] as const;
  return {
    deliveryType: types[i % 4],
    miles: ((i * 37) % 250) / 10,
    pickupZip: i % 3 ? '02114' : '01730',
    dropoffZip: i % 5 ? '02215' : '02139',
    packageSize: (['small', 'medium', 'large', 'extra_large'] as const)[i % 4],
    priority: i % 11 === 0 ? 'stat' : 'routine',
    temperature: (['ambient', 'refrigerated', 'frozen'] as const)[i % 3],
    specimen: i % 2 === 0,
    controlledSubstance: i % 17 === 0,
    requiredBy: { weekend: i % 13 === 0, afterHours: i % 7 === 0, says: 'bench' },
    fuelPercent: 12.5,
    waits: i % 4 === 0 ? [{ stop: 'pickup', minutes: (i % 40) + 1 }] : [],
    failedAttempts: i % 29 === 0 ? 1 : 0,
    returned: false,
    cancelled: null,
  };
}

export interface BillingBench {
  accounts: number;
  deliveries: number;
  lines: number;
  pricingSeconds: number;
  storeSeconds: number;
  runSeconds: number;
  rerunSeconds: number;
  issueSeconds: number;
  quoteMedianMs: number;
  quoteP90Ms: number;
  failures: number;
}

export async function benchBilling(maintenanceUrl: string): Promise<BillingBench> {
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  const url = Object.assign(new URL(maintenanceUrl), { pathname: `/${NAME}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'courier-bench-billing-'));
  const database = await openDatabase({ url });
  await database.migrate();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    PUBLIC_URL: 'http://courier.bench',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    BACKUP_DIR: join(dataDir, 'b'),
  });
  const app = await buildApp({ env, database, logger: false, runOutbox: false });
  let failures = 0;
  try {
    await app.ready();
    await client.query(
      `insert into roles (id, name) values ${Object.entries(ROLE_IDS)
        .map(([r, id]) => `('${id}', '${r}')`)
        .join(', ')} on conflict do nothing`,
    );
    const { user: boss } = await createUser(database.db, { role: 'ADMIN', email: 'billing-admin@bench.example.test' });
    const { user: template } = await createUser(database.db, { email: 'template@bench.example.test' });
    const headers = { authorization: `Bearer ${await signAccessToken(app.services.jwtKey, { sub: boss.id, role: 'ADMIN' }, new Date())}` };
    const cardRes = await app.inject({ method: 'POST', url: '/api/v1/admin/rate-cards', headers, payload: CARD });
    const card = cardRes.json().data as TRateCardBody & { _id: string; version: number };

    await client.query(
      `insert into customer_accounts (id, name, billing_email, rate_card_id)
       select ${uuidSql('e0000000', 'i')}, 'Bench Clinic ' || lpad(i::text, 3, '0'), 'billing-' || i || '@bench.example.test', $1 from generate_series(1, ${ACCOUNTS}) i`,
      [card._id],
    );
    await client.query(
      `insert into users (id, email, password_hash, first_name, last_name, phone, role_id, email_verified_at, account_id, account_role)
       select ${uuidSql('e0000000', 'i')}, 'owner-' || i || '@bench.example.test', password_hash, 'Bench', 'Owner ' || i, '+16175550100', '${ROLE_IDS.CUSTOMER}', now(),
         ${uuidSql('e0000000', 'i')}, 'owner'
       from users, generate_series(1, ${ACCOUNTS}) i where users.id = $1`,
      [template.id],
    );
    // Delivered in October 2026 (BUSINESS_TZ), spread over the month; the rows carry their milestones already.
    await client.query(
      `insert into deliveries (id, order_id, customer_id, account_id, sender_phone, pickup_address, pickup_label, recipient_name,
         recipient_phone, recipient_email, delivery_address, delivery_label, package_type, package_size, delivery_type, status,
         reference, created_at, updated_at, delivered_at, finished_at)
       select ${uuidSql('f0000000', 'g')}, 'MB' || lpad(g::text, 10, '0'), ${uuidSql('e0000000', `(g % ${ACCOUNTS}) + 1`)}, ${uuidSql('e0000000', `(g % ${ACCOUNTS}) + 1`)},
         '+16175550111', '55 Fruit St, Boston, MA 02114', 'Boston, MA 02114', 'Priya Raman', '+16175550177', 'priya@example.test',
         '330 Brookline Ave, Boston, MA 02215', 'Boston, MA 02215', 'SPECIMEN', 'small', 'SAME_DAY', 'delivered',
         case when g % 3 = 0 then 'PO-' || (g % 50) end, t.at - interval '3 hours', t.at, t.at, t.at
       from generate_series(1, ${DELIVERIES}) g,
         lateral (select timestamptz '2026-10-01 13:00:00+00' + ((g * 7919) % (30 * 24 * 60)) * interval '1 minute' as at) t`,
    );

    const { rows: cardRows } = await client.query<{ prices: Omit<TRateCardBody, 'name'> }>(
      'select prices from rate_card_versions where rate_card_id = $1 and version = $2',
      [card._id, card.version],
    );
    const body: TRateCardBody = { name: CARD.name, ...cardRows[0].prices };
    let started = performance.now();
    const priced: { id: string; pricing: TDeliveryPricing; total: number }[] = [];
    for (let g = 1; g <= DELIVERIES; g++) {
      const inputs = inputsOf(g);
      const price = priceDelivery(body, inputs);
      priced.push({
        id: `f0000000-0000-4000-8000-${g.toString(16).padStart(12, '0')}`,
        pricing: { rateCardId: card._id, rateCardVersion: card.version, inputs, lines: price.lines },
        total: price.totalCents,
      });
    }
    const pricingSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (let from = 0; from < priced.length; from += 2000) {
      const batch = priced.slice(from, from + 2000);
      await client.query(
        `update deliveries d set pricing = v.pricing, price_cents = v.total, billable_miles_tenths = round((v.pricing -> 'inputs' ->> 'miles')::numeric * 10)
         from (select unnest($1::uuid[]) as id, unnest($2::jsonb[]) as pricing, unnest($3::int[]) as total) v where d.id = v.id`,
        [batch.map((p) => p.id), batch.map((p) => JSON.stringify(p.pricing)), batch.map((p) => p.total)],
      );
    }
    const storeSeconds = (performance.now() - started) / 1000;
    await client.query('analyze');

    const run = async () => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/invoices/run',
        headers,
        payload: { from: '2026-10-01', to: '2026-10-31' },
      });
      if (res.statusCode !== 200) {
        failures++;
        console.error(`  run answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      return { seconds: (performance.now() - t0) / 1000, data: res.json().data as { invoices: { _id: string }[]; deliveries: number } };
    };
    const first = await run();
    const again = await run();
    if (first.data.deliveries !== DELIVERIES || again.data.deliveries !== 0) failures++;
    const { rows: lineRows } = await client.query<{ n: string; cents: string; priced: string }>(
      'select count(*) as n, sum(amount_cents) as cents, (select sum(price_cents) from deliveries) as priced from invoice_lines',
    );
    if (lineRows[0].cents !== lineRows[0].priced) failures++;
    started = performance.now();
    for (const inv of first.data.invoices) {
      const res = await app.inject({ method: 'POST', url: `/api/v1/admin/invoices/${inv._id}/issue`, headers });
      if (res.statusCode !== 200) failures++;
    }
    const issueSeconds = (performance.now() - started) / 1000;

    // One quote as an account's owner books: every delivery type priced by the account's card (after the month's run,
    // so the account has its history); 20 warm-up quotes, then 200 timed.
    // Ten owners take turns: a caller may quote 120 times a minute.
    const owners = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => ({
        authorization: `Bearer ${await signAccessToken(app.services.jwtKey, { sub: `e0000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, '0')}`, role: 'CUSTOMER' }, new Date())}`,
      })),
    );
    let turn = 0;
    const quoteOnce = async () => {
      const owner = owners[turn++ % owners.length];
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/deliveries/quote',
        headers: owner,
        payload: {
          pickupAddress: '55 Fruit St, Boston, MA 02114',
          deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
          packageSize: 'large',
        },
      });
      const took = performance.now() - t0;
      if (res.statusCode !== 200 || !res.json().quotes?.some((q: { price?: unknown }) => q.price)) {
        failures++;
        console.error(`  quote answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      return took;
    };
    for (let i = 0; i < 20; i++) await quoteOnce();
    const quoteTimes: number[] = [];
    for (let i = 0; i < 200; i++) quoteTimes.push(await quoteOnce());
    quoteTimes.sort((a, b) => a - b);
    return {
      quoteMedianMs: quoteTimes[100],
      quoteP90Ms: quoteTimes[180],
      accounts: first.data.invoices.length,
      deliveries: first.data.deliveries,
      lines: Number(lineRows[0].n),
      pricingSeconds,
      storeSeconds,
      runSeconds: first.seconds,
      rerunSeconds: again.seconds,
      issueSeconds,
      failures,
    };
  } finally {
    await app.close();
    await database.close();
    await client.end();
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
