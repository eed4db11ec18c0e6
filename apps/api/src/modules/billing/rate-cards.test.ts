import { ZErrorBody } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, rateCardVersions } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { fuelPercentOn } from './fuel-percent-on.js';
import { priceDelivery } from './rate-formula.js';
import { rateCardVersion, takeRateCardVersion } from './take-rate-card-version.js';

const typePrice = (baseCents: number) => ({ baseCents, includedMiles: 5, perMileCents: 150, minimumCents: baseCents });
const cardBody = {
  name: 'Clinics 2026',
  currency: 'USD',
  deliveryTypes: { STANDARD: typePrice(1500), EXPRESS: typePrice(2500), SAME_DAY: typePrice(2000), NEXT_DAY: typePrice(1200) },
  zones: [{ name: 'Boston', zips: ['021'] }],
  zonePrices: [{ from: 'Boston', to: 'Boston', prices: { SAME_DAY: 2200 } }],
  sizeCents: { large: 500 },
  surcharges: { statCents: 2000, waitTime: { graceMinutes: 10, perMinuteCents: 50, capCents: 2000 } },
};

describe('rate cards and fuel surcharges', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });

  async function staff(role: 'ADMIN' | 'MANAGER' | 'STAFF' | 'CUSTOMER' | 'DRIVER') {
    const { user } = await createUser(t.db, { role });
    return { user, headers: await t.bearer(user) };
  }

  async function newCard(headers: Record<string, string>) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/rate-cards', headers, payload: cardBody });
    expect(res.statusCode).toBe(201);
    return res.json().data as { _id: string; version: number; versions: { version: number; inUse: boolean }[] };
  }

  it('an administrator writes a card; managers read it; staff, drivers and customers cannot', async () => {
    const admin = await staff('ADMIN');
    const card = await newCard(admin.headers);
    expect(card).toMatchObject({ name: 'Clinics 2026', currency: 'USD', version: 1, versions: [{ version: 1, inUse: false }] });

    const manager = await staff('MANAGER');
    const list = await t.app.inject({ url: '/api/v1/admin/rate-cards', headers: manager.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ _id: card._id, name: 'Clinics 2026', version: 1 })]);
    const one = await t.app.inject({ url: `/api/v1/admin/rate-cards/${card._id}`, headers: manager.headers });
    expect(one.json().data.deliveryTypes.SAME_DAY).toEqual(typePrice(2000));

    const managerWrite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/rate-cards',
      headers: manager.headers,
      payload: cardBody,
    });
    expect(managerWrite.statusCode).toBe(403);
    expect(ZErrorBody.parse(managerWrite.json()).error).toBe('FORBIDDEN');
    for (const role of ['STAFF', 'DRIVER', 'CUSTOMER'] as const) {
      const other = await staff(role);
      expect((await t.app.inject({ url: '/api/v1/admin/rate-cards', headers: other.headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/v1/admin/rate-cards' })).statusCode).toBe(401);

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'rate_card.create'), eq(auditEvents.targetId, card._id)));
    expect(audit.actorId).toBe(admin.user.id);
    expect((audit.details as { after: { name: string } }).after.name).toBe('Clinics 2026');
  });

  it('refuses a bad card with 400 naming the field', async () => {
    const admin = await staff('ADMIN');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/rate-cards',
      headers: admin.headers,
      payload: { ...cardBody, deliveryTypes: { ...cardBody.deliveryTypes, EXPRESS: { ...typePrice(2500), baseCents: 12.5 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(ZErrorBody.parse(bad.json()).message).toContain('deliveryTypes.EXPRESS.baseCents');
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/rate-cards',
      headers: admin.headers,
      payload: { ...cardBody, zonePrices: [{ from: 'Boston', to: 'Cambridge', prices: {} }] },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toContain('zonePrices.0.to');
    expect((await t.app.inject({ url: '/api/v1/admin/rate-cards/not-a-card', headers: admin.headers })).statusCode).toBe(404);
  });

  it('corrects unused prices in place; once a version has priced a delivery, an edit makes the next version and the old one stays', async () => {
    const admin = await staff('ADMIN');
    const card = await newCard(admin.headers);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/rate-cards/${card._id}`, headers: admin.headers, payload });

    const inPlace = await patch({ sizeCents: { large: 600 } });
    expect(inPlace.statusCode).toBe(200);
    expect(inPlace.json().data).toMatchObject({ version: 1, sizeCents: { large: 600 } });

    // Pricing a delivery takes the current version and marks it used.
    const taken = await t.db.transaction((tx) => takeRateCardVersion(tx, card._id, new Date(TEST_NOW)));
    expect(taken.version).toBe(1);
    const job = {
      deliveryType: 'SAME_DAY' as const,
      miles: 9,
      pickupZip: '01730',
      dropoffZip: '02139',
      packageSize: 'large' as const,
      priority: 'routine' as const,
      temperature: 'ambient' as const,
      specimen: false,
      controlledSubstance: false,
      requiredBy: null,
      fuelPercent: null,
      waits: [],
      failedAttempts: 0,
      returned: false,
      cancelled: null,
    };
    const firstPrice = priceDelivery(taken.card, job);
    expect(firstPrice.totalCents).toBe(2000 + 600 + 600);

    const next = await patch({ deliveryTypes: { ...cardBody.deliveryTypes, SAME_DAY: typePrice(2400) } });
    expect(next.json().data).toMatchObject({
      version: 2,
      deliveryTypes: { SAME_DAY: typePrice(2400) },
      sizeCents: { large: 600 },
      versions: [
        { version: 1, inUse: true },
        { version: 2, inUse: false },
      ],
    });
    // The old version still prices as it did: re-pricing last month gives last month's answer.
    expect(priceDelivery(await rateCardVersion(t.db, card._id, 1), job)).toEqual(firstPrice);
    expect(priceDelivery(await rateCardVersion(t.db, card._id, 2), job).totalCents).toBe(2400 + 600 + 600);

    // A rename alone is no new version.
    const renamed = await patch({ name: 'Clinics 2026 (renamed)' });
    expect(renamed.json().data).toMatchObject({ name: 'Clinics 2026 (renamed)', version: 2 });
    const versions = await t.db.select().from(rateCardVersions).where(eq(rateCardVersions.rateCardId, card._id));
    expect(versions).toHaveLength(2);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'rate_card.update'), eq(auditEvents.targetId, card._id)));
    expect(audits).toHaveLength(3);
    expect(audits.map((a) => (a.details as { newVersion: boolean }).newVersion).sort()).toEqual([false, false, true]);
    const edit = audits.find((a) => (a.details as { newVersion: boolean }).newVersion);
    expect(edit?.details).toMatchObject({
      before: { deliveryTypes: { SAME_DAY: typePrice(2000) } },
      after: { deliveryTypes: { SAME_DAY: typePrice(2400) } },
    });

    const manager = await staff('MANAGER');
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/rate-cards/${card._id}`,
          headers: manager.headers,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('fuel ranges never overlap; the one in force on a day applies; removal is audited', async () => {
    const admin = await staff('ADMIN');
    const add = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/fuel-surcharges', headers: admin.headers, payload });
    const november = await add({ from: '2026-11-01', to: '2026-11-30', percent: 12.5 });
    expect(november.statusCode).toBe(201);
    expect(november.json().data).toMatchObject({ from: '2026-11-01', to: '2026-11-30', percent: 12.5 });
    const open = await add({ from: '2026-12-01', percent: 14 });
    expect(open.statusCode).toBe(201);

    const clash = await add({ from: '2026-11-30', to: '2026-12-02', percent: 9 });
    expect(clash.statusCode).toBe(409);
    expect(ZErrorBody.parse(clash.json())).toMatchObject({ error: 'CONFLICT' });
    expect(clash.json().message).toContain('2026-11-01');
    expect((await add({ from: '2027-03-01', to: '2027-03-31', percent: 9 })).statusCode).toBe(409); // inside the open one
    const backwards = await add({ from: '2026-10-10', to: '2026-10-01', percent: 9 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('to');
    expect((await add({ from: '2026-10-01', percent: 9.125 })).statusCode).toBe(400);

    expect(await fuelPercentOn(t.db, '2026-11-15')).toBe(12.5);
    expect(await fuelPercentOn(t.db, '2026-11-30')).toBe(12.5);
    expect(await fuelPercentOn(t.db, '2027-06-01')).toBe(14);
    expect(await fuelPercentOn(t.db, '2026-10-31')).toBeNull();

    const manager = await staff('MANAGER');
    const list = await t.app.inject({ url: '/api/v1/admin/fuel-surcharges', headers: manager.headers });
    expect(list.json().data.map((f: { from: string }) => f.from)).toEqual(['2026-12-01', '2026-11-01']);
    const id = november.json().data._id as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/fuel-surcharges/${id}`, headers: manager.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/fuel-surcharges/${id}`, headers: admin.headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/fuel-surcharges/${id}`, headers: admin.headers })).statusCode).toBe(
      404,
    );
    expect(await fuelPercentOn(t.db, '2026-11-15')).toBeNull();
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'fuel_surcharge.delete'));
    expect(audit.details).toMatchObject({ before: { percent: 12.5, from: '2026-11-01' } });
  });

  it('two administrators adding overlapping ranges at once: one wins', async () => {
    const admin = await staff('ADMIN');
    const both = await Promise.all(
      [10, 11].map((percent) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/fuel-surcharges',
          headers: admin.headers,
          payload: { from: '2020-01-01', to: '2020-01-31', percent },
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
