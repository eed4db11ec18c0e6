import { IMPORT_COLUMNS, ZDelivery, ZDeliveryDetail } from '@courier/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { deliveries, deliveryPieces } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { bookDueOccurrences } from '../standing-orders/book-due-occurrences.js';
import { multipartForm, TEST_NOW, validDeliveryForm } from './delivery-test-kit.js';

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvOf = (rows: Record<string, string>[]) =>
  `${[IMPORT_COLUMNS.join(','), ...rows.map((r) => IMPORT_COLUMNS.map((c) => quote(r[c] ?? '')).join(','))].join('\r\n')}\r\n`;

const threeBags = [
  { kind: 'bag', accession: 'A-1001', description: 'Chemistry' },
  { kind: 'bag', accession: 'A-1002' },
  { kind: 'cooler', accession: 'A-1003', description: 'Frozen serum' },
];

describe('pieces at booking', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock, env: { IMPORT_RATE_PER_MINUTE: '100' } });
  let customer: { id: string; roleId: string };
  let auth: { authorization: string };
  const post = (payload: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers, payload: payload as never });
  const piecesOf = (deliveryId: string) =>
    t.db.select().from(deliveryPieces).where(eq(deliveryPieces.deliveryId, deliveryId)).orderBy(asc(deliveryPieces.seq));

  beforeAll(async () => {
    ({ user: customer } = await createUser(t.db, { firstName: 'Dana', organisation: 'Northside Clinic' }));
    auth = await t.bearer(customer);
  });

  it('writes the listed pieces with barcodes MC...-01.. and answers them on the delivery', async () => {
    const res = await post({ ...validDeliveryForm(), packageType: 'SPECIMEN', specimen: undefined, pieces: threeBags });
    // A specimen needs its details; a medication with pieces is enough here.
    expect(res.statusCode).toBe(400);
    const ok = await post({ ...validDeliveryForm(), pieces: threeBags });
    expect(ok.statusCode, ok.body).toBe(201);
    const d = ZDelivery.parse(ok.json().data);
    expect(d.pieces).toEqual([
      expect.objectContaining({
        seq: 1,
        barcode: `${d.orderId}-01`,
        kind: 'bag',
        accession: 'A-1001',
        description: 'Chemistry',
        status: 'booked',
      }),
      expect.objectContaining({ seq: 2, barcode: `${d.orderId}-02`, kind: 'bag', accession: 'A-1002', description: null }),
      expect.objectContaining({ seq: 3, barcode: `${d.orderId}-03`, kind: 'cooler', accession: 'A-1003' }),
    ]);
    const read = ZDeliveryDetail.parse((await t.app.inject({ url: `/api/v1/deliveries/${d._id}`, headers: auth })).json().data);
    expect(read.pieces.map((p) => p.barcode)).toEqual(d.pieces.map((p) => p.barcode));
    const list = (await t.app.inject({ url: '/api/v1/deliveries/my-deliveries?limit=80', headers: auth })).json();
    expect(list.deliveries.find((x: { _id: string }) => x._id === d._id).pieces).toHaveLength(3);
  });

  it('gives a booking without pieces one piece of the kind its package type suggests', async () => {
    for (const [packageType, kind] of [
      ['MEDICATION', 'bag'],
      ['DOCUMENT', 'envelope'],
      ['EQUIPMENT', 'box'],
    ] as const) {
      const res = await post({ ...validDeliveryForm(), packageType });
      expect(res.statusCode).toBe(201);
      const { orderId, pieces } = res.json().data;
      expect(pieces).toEqual([expect.objectContaining({ seq: 1, barcode: `${orderId}-01`, kind, status: 'booked' })]);
    }
  });

  it('takes a count, or the JSON list, from a multipart form', async () => {
    const counted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: auth,
      payload: multipartForm({ ...validDeliveryForm(), pieces: '4' }) as never,
    });
    expect(counted.statusCode, counted.body).toBe(201);
    expect(counted.json().data.pieces.map((p: { kind: string }) => p.kind)).toEqual(['bag', 'bag', 'bag', 'bag']);
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries',
      headers: auth,
      payload: multipartForm({ ...validDeliveryForm(), pieces: JSON.stringify(threeBags) }) as never,
    });
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json().data.pieces.map((p: { accession: string }) => p.accession)).toEqual(['A-1001', 'A-1002', 'A-1003']);
  });

  it('refuses 0 or 100 pieces and an unknown kind, naming the field', async () => {
    for (const pieces of [0, '100', [], [{ kind: 'crate' }]]) {
      const res = await post({ ...validDeliveryForm(), pieces });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('pieces');
    }
  });

  it('writes pieces through an API key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: auth,
      payload: { name: 'LIS', scopes: ['deliveries:write', 'deliveries:read'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = res.json().data.secret as string;
    const booked = await post(
      { ...validDeliveryForm(), pieces: [{ kind: 'tote', description: 'Tubes' }] },
      { authorization: `Bearer ${key}` },
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.pieces).toEqual([expect.objectContaining({ kind: 'tote', description: 'Tubes' })]);
  });

  it('reads a CSV pieces column as a count or a JSON list, and a blank as one piece', async () => {
    const csv = csvOf([
      { ...validDeliveryForm(), senderPhone: '(617) 555-0100', recipientName: 'Row one', pieces: '2' },
      { ...validDeliveryForm(), senderPhone: '(617) 555-0100', recipientName: 'Row two', pieces: JSON.stringify(threeBags) },
      { ...validDeliveryForm(), senderPhone: '(617) 555-0100', recipientName: 'Row three' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries/import',
      headers: { ...auth, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.customerId, customer.id));
    const byName = (name: string) => rows.find((r) => r.recipientName === name)!;
    expect((await piecesOf(byName('Row one').id)).map((p) => p.barcode)).toEqual([
      `${byName('Row one').orderId}-01`,
      `${byName('Row one').orderId}-02`,
    ]);
    expect((await piecesOf(byName('Row two').id)).map((p) => [p.kind, p.accession])).toEqual([
      ['bag', 'A-1001'],
      ['bag', 'A-1002'],
      ['cooler', 'A-1003'],
    ]);
    expect(await piecesOf(byName('Row three').id)).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deliveries/import',
      headers: { ...auth, 'content-type': 'text/csv' },
      payload: csvOf([{ ...validDeliveryForm(), senderPhone: '(617) 555-0100', pieces: '[{"kind":"crate"}]' }]),
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain('pieces');
  });

  it('books a standing order’s occurrences with its pieces', async () => {
    const { requiredBy: _r, ...fields } = validDeliveryForm();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/standing-orders',
      headers: auth,
      payload: {
        ...fields,
        recipientName: 'Standing lab run',
        pieces: threeBags,
        schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
        startsOn: '2026-03-02',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.delivery.pieces).toHaveLength(3);
    await bookDueOccurrences(t.app.services);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.standingOrderId, created.json().data._id));
    expect((await piecesOf(row.id)).map((p) => p.accession)).toEqual(['A-1001', 'A-1002', 'A-1003']);
  });

  it('shows the public tracking page the count only', async () => {
    const { orderId } = (await post({ ...validDeliveryForm(), pieces: threeBags })).json().data;
    const res = await t.app.inject({ url: `/api/v1/deliveries/track/${orderId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pieceCount).toBe(3);
    expect(res.body).not.toContain('A-1001');
  });
});
