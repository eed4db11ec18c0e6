import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { type Crew, crew } from './operations-test-kit.js';

describe('the staff’s delivery history, its search and its CSV export', () => {
  const t = useTestApp();
  let people: Crew;
  let marcus: { id: string };
  const ids: Record<string, string> = {};
  const orderIds: Record<string, string> = {};

  beforeAll(async () => {
    people = await crew(t);
    ({ user: marcus } = await createUser(t.db, { role: 'DRIVER', firstName: 'Marcus', lastName: 'Bell' }));
    const { user: clinic } = await createUser(t.db, { firstName: 'Dana', lastName: 'Whitfield', email: 'dana@northshore-clinic.test' });
    const made = {
      burlington: await createDelivery(t.db, {
        customerId: people.CUSTOMER.id,
        status: 'delivered',
        driverId: marcus.id,
        deliveryAddress: '41 Mall Rd, Burlington, MA 01803',
        recipientName: '=HYPERLINK("http://evil.test","Click")',
        createdAt: new Date('2026-01-13T15:00:00Z'),
      }),
      cancelled: await createDelivery(t.db, { customerId: clinic.id, status: 'cancelled', createdAt: new Date('2026-01-14T15:00:00Z') }),
      open: await createDelivery(t.db, { customerId: people.CUSTOMER.id, status: 'in_transit', driverId: people.DRIVER.id }),
    };
    for (const [k, d] of Object.entries(made)) {
      ids[k] = d.id;
      orderIds[k] = d.orderId;
    }
  });

  const get = (url: string, who = people.STAFF) => t.app.inject({ method: 'GET', url, headers: who.auth });
  const found = async (query: string) => {
    const res = await get(`/api/v1/admin/deliveries?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().deliveries as Array<{ _id: string }>).map((d) => d._id);
  };

  it('finds delivered and cancelled jobs by a town in the address and by the driver’s name', async () => {
    expect(await found('q=Burlington')).toEqual([ids.burlington]);
    expect(await found('q=marcus')).toEqual([ids.burlington]);
    expect(await found('q=Marcus Bell')).toEqual([ids.burlington]);
    expect(await found(`q=${orderIds.cancelled}`)).toEqual([ids.cancelled]);
    expect(await found('q=nowhere-at-all')).toEqual([]);
  });

  it('filters by every status, booking dates and customer (by id, name, organisation or e-mail)', async () => {
    expect(await found('status=delivered&q=Burlington')).toEqual([ids.burlington]);
    expect(await found('status=cancelled&customer=whitfield')).toEqual([ids.cancelled]);
    expect(await found('customer=northshore-clinic')).toEqual([ids.cancelled]);
    expect(await found(`customer=${people.CUSTOMER.id}&from=2026-01-01&to=2026-01-31`)).toEqual([ids.burlington]);
    expect(await found('from=2026-01-14&to=2026-01-14T23:59:59Z&sort=newest')).toEqual([ids.cancelled]);
    expect(await found(`driverId=${marcus.id}&status=all`)).toEqual([ids.burlington]);
    // The board's tiles: delivered since a moment (from the custody events) and the late ones.
    expect(await found('status=delivered&deliveredFrom=2026-01-13T15:00:00Z')).toEqual([ids.burlington]);
    expect(await found('status=delivered&deliveredFrom=2026-01-14')).toEqual([]);
    expect(await found('late=true')).not.toContain(ids.burlington);
    const late = await createDelivery(t.db, {
      customerId: people.CUSTOMER.id,
      status: 'approved',
      requiredBy: new Date(Date.now() - 60_000),
    });
    expect(await found('late=true')).toEqual([late.id]);
    expect((await get('/api/v1/admin/deliveries?late=maybe')).json().message).toMatch(/^late: /);
  });

  it('exports what the filter shows as CSV, formulas neutralised, and audits the export', async () => {
    const res = await get('/api/v1/admin/deliveries/export.csv?q=Burlington&status=all&sort=newest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="deliveries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Tracking number,Status,Service level,Booked \(America\/New_York\),/);
    expect(lines[1]).toContain(orderIds.burlington);
    expect(lines[1]).toContain(',Delivered,Standard,2026-01-13 10:00,');
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil.test"",""Click"")"');
    expect(lines[1]).toContain("'+16175550199");
    expect(lines[1]).toContain('Marcus Bell');
    // The handling columns, after the package: a routine, ambient parcel with no specimen and no ID check.
    expect(lines[0]).toContain(
      ',Package,Priority,Temperature,Specimen,Specimen collected (America/New_York),Controlled substance,Signed for by,',
    );
    expect(lines[1]).toContain(',Routine,Ambient,,,No,');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'delivery.export'), eq(auditEvents.actorId, people.STAFF.id)));
    expect(audit.details).toMatchObject({ rows: 1, filter: { q: 'Burlington', status: 'all', sort: 'newest' } });
  });

  it('exports STAT, the temperature class, the specimen with its collection and a controlled substance', async () => {
    const stat = await createDelivery(t.db, {
      customerId: people.CUSTOMER.id,
      status: 'approved',
      packageType: 'SPECIMEN',
      deliveryAddress: '1 Handling Way, Lowell, MA 01852',
      handling: {
        priority: 'stat',
        temperature: 'refrigerated',
        specimenCategory: 'UN3373',
        specimenCollectedAt: new Date('2026-01-20T14:30:00Z'),
        specimenStableHours: 8,
        controlledSubstance: true,
      },
    });
    const res = await get('/api/v1/admin/deliveries/export.csv?q=Lowell&status=all');
    const [cells] = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(cells).toMatchObject({
      'Tracking number': stat.orderId,
      Priority: 'STAT',
      Temperature: 'Fridge 2-8 °C',
      Specimen: 'UN3373 Biological substance, Category B',
      'Specimen collected (America/New_York)': '2026-01-20 09:30',
      'Controlled substance': 'Yes',
    });
  });

  it('keeps the export to staff and refuses a bad filter naming it', async () => {
    expect((await get('/api/v1/admin/deliveries/export.csv', people.CUSTOMER)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/deliveries/export.csv', people.DRIVER)).statusCode).toBe(403);
    const bad = await get('/api/v1/admin/deliveries/export.csv?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status: /);
  });

  it('exports the audit log as CSV with actions in words, and audits that export too', async () => {
    await get('/api/v1/admin/deliveries/export.csv?q=Burlington', people.ADMIN);
    const res = await get('/api/v1/admin/audit/export.csv?action=delivery.export', people.ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('When (America/New_York),Who,E-mail,What,Action,Record,Record id,IP,Details');
    expect(lines.slice(1).every((line) => line.includes(',Exported deliveries (CSV),delivery.export,'))).toBe(true);
    expect(lines.some((line) => line.includes(people.ADMIN.email))).toBe(true);
    const [exported] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.export'), eq(auditEvents.actorId, people.ADMIN.id)));
    expect(exported.details).toMatchObject({ filter: { action: 'delivery.export' } });
    expect((await get('/api/v1/admin/audit/export.csv', people.DRIVER)).statusCode).toBe(403);
  });
});
