import { ZCustodyResponse, ZDriverJobResponse } from '@courier/contract';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, deliveryPieces, discrepancies, notifications, pieceCheckFindings } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents, verifyCustodyChain } from '../deliveries/custody.js';
import { jpegWithExif, pdfText } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from '../dispatch/operations-test-kit.js';

const bags = [
  { kind: 'bag' as const, accession: 'A-1001' },
  { kind: 'bag' as const, accession: 'A-1002' },
  { kind: 'bag' as const, accession: 'A-1003' },
];

describe('pieces at each hand-over', () => {
  const t = useTestApp();
  let people: Crew;

  beforeAll(async () => {
    people = await crew(t);
  });

  const status = (id: string, payload: object, headers: Record<string, string> = people.DRIVER.auth) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/status`, headers, payload });
  const pod = (id: string, form: FormData) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/pod`, headers: people.DRIVER.auth, payload: form as never });
  const piecesOf = (id: string) =>
    t.db.select().from(deliveryPieces).where(eq(deliveryPieces.deliveryId, id)).orderBy(asc(deliveryPieces.seq));
  const rowOf = async (id: string) => (await t.db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
  const atPickup = (extra: object = {}) =>
    deliveryIn(t, 'moving_to_pickup_location', people.CUSTOMER.id, people.DRIVER.id, { pieces: bags, ...extra });

  it('picks up when every piece is scanned, one custody event per piece, and the chain verifies', async () => {
    const d = await atPickup();
    const res = await status(d.id, {
      status: 'picked_up',
      scannedPieces: [`${d.orderId}-01`, `${d.orderId}-02`, ` ${d.orderId.toLowerCase()}-03`],
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = ZDriverJobResponse.parse(res.json()).data;
    expect(job.pieces.map((p) => p.status)).toEqual(['picked_up', 'picked_up', 'picked_up']);
    const events = await listCustodyEvents(t.db, d.id);
    const pieceEvents = events.filter((e) => e.kind === 'piece');
    expect(pieceEvents.map((e) => e.note)).toEqual([
      `Piece 1 of 3 (${d.orderId}-01) scanned at pickup`,
      `Piece 2 of 3 (${d.orderId}-02) scanned at pickup`,
      `Piece 3 of 3 (${d.orderId}-03) scanned at pickup`,
    ]);
    expect(verifyCustodyChain(events).valid).toBe(true);
    const custody = ZCustodyResponse.parse(
      (await t.app.inject({ url: `/api/v1/admin/deliveries/${d.id}/custody`, headers: people.STAFF.auth })).json(),
    ).data;
    expect(custody.verdict.valid).toBe(true);
    expect(custody.pieces.map((p) => [p.barcode, p.path.length])).toEqual([
      [`${d.orderId}-01`, 1],
      [`${d.orderId}-02`, 1],
      [`${d.orderId}-03`, 1],
    ]);
  });

  it('lets the driver leave a piece named with its reason: it is not handed over, the customer and dispatch hear, the rest travel', async () => {
    const d = await atPickup();
    const unnamed = await status(d.id, { status: 'picked_up', scannedPieces: [`${d.orderId}-01`, `${d.orderId}-02`] });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ field: 'scannedPieces' });
    expect(unnamed.json().message).toContain(`${d.orderId}-03`);
    const res = await status(d.id, {
      status: 'picked_up',
      scannedPieces: [`${d.orderId}-01`, `${d.orderId}-02`],
      missingPieces: [{ seq: 3, reason: 'not_ready' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await piecesOf(d.id)).map((p) => [p.status, p.missingReason])).toEqual([
      ['picked_up', null],
      ['picked_up', null],
      ['not_handed_over', 'not_ready'],
    ]);
    expect((await rowOf(d.id)).status).toBe('picked_up');
    const events = await listCustodyEvents(t.db, d.id);
    expect(events.at(-1)?.note).toBe(`Piece 3 of 3 (${d.orderId}-03) not handed over at pickup: Not ready`);
    expect(verifyCustodyChain(events).valid).toBe(true);
    const told = await t.db.select().from(notifications).where(eq(notifications.deliveryId, d.id));
    expect(told.find((n) => n.userId === people.CUSTOMER.id && n.title === 'Pieces not handed over')?.message).toContain(
      'piece 3 of 3 (not ready)',
    );
    expect(told.some((n) => n.userId === people.STAFF.id && n.title === 'Pieces not handed over')).toBe(true);
    // A case opens for the piece left behind, without a second word to those just told.
    const cases = await t.db.select().from(discrepancies).where(eq(discrepancies.deliveryId, d.id));
    expect(cases.map((c) => [c.kind, c.status, c.barcode, c.reason, c.detail])).toEqual([
      ['not_handed_over', 'open', `${d.orderId}-03`, 'not_ready', 'Not handed over at pickup: Not ready'],
    ]);
    expect(told.some((n) => n.title.startsWith('Case opened'))).toBe(false);
    // The rest reach the door: proof with the two on board delivers them.
    await status(d.id, { status: 'in_transit' });
    const proof = await pod(
      d.id,
      proofForm(
        { recipientName: 'Core lab', scannedPieces: JSON.stringify([`${d.orderId}-01`, `${d.orderId}-02`]) },
        { photo: await jpegWithExif(), signature: await signaturePng() },
      ),
    );
    expect(proof.statusCode, proof.body).toBe(200);
    expect((await piecesOf(d.id)).map((p) => p.status)).toEqual(['delivered', 'delivered', 'not_handed_over']);
    expect(verifyCustodyChain(await listCustodyEvents(t.db, d.id)).valid).toBe(true);
  });

  it('refuses a wrong barcode and audits it as today, changing nothing', async () => {
    const d = await atPickup();
    const other = await atPickup();
    const res = await status(d.id, {
      status: 'picked_up',
      scannedPieces: [`${d.orderId}-01`, `${d.orderId}-02`, `${other.orderId}-03`],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not this delivery's/);
    expect((await piecesOf(d.id)).every((p) => p.status === 'booked')).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, d.id), eq(auditEvents.action, 'delivery.pickup_scan_mismatch')));
    expect(audit.details).toMatchObject({ scannedOrderId: `${other.orderId}-03` });
  });

  it('keeps the one tracking number working for a one-piece delivery, and asks for each piece of a three-piece one', async () => {
    const one = await deliveryIn(t, 'moving_to_pickup_location', people.CUSTOMER.id, people.DRIVER.id);
    const ok = await status(one.id, { status: 'picked_up', scannedOrderId: one.orderId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await piecesOf(one.id))[0].status).toBe('picked_up');
    const three = await atPickup();
    const res = await status(three.id, { status: 'picked_up', scannedOrderId: three.orderId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('scannedPieces: This delivery has 3 pieces: scan the label of each one');
  });

  it('proof without piece scans (today’s app) delivers every piece on board; a wrong piece at the door is refused', async () => {
    const d = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id, { pieces: bags.slice(0, 2) });
    const wrong = await pod(
      d.id,
      proofForm(
        { recipientName: 'Lab', scannedPieces: JSON.stringify([`${d.orderId}-01`, 'MC0000000000-01']) },
        { signature: await signaturePng() },
      ),
    );
    expect(wrong.statusCode).toBe(409);
    const res = await pod(d.id, proofForm({ recipientName: 'Lab' }, { signature: await signaturePng() }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await piecesOf(d.id)).map((p) => p.status)).toEqual(['delivered', 'delivered']);
  });

  describe('drug tests', () => {
    const drugTest = () =>
      atPickup({
        packageType: 'SPECIMEN',
        handling: { specimenCategory: 'drug_test' },
        pieces: [{ kind: 'tube', ccfNumber: 'CCF-000111' }],
      });

    it('refuses a bottle whose CCF number does not match its form (409 CCF_MISMATCH), recorded, the collector told', async () => {
      const d = await drugTest();
      const none = await status(d.id, { status: 'picked_up', scannedPieces: [`${d.orderId}-01`] });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ field: 'pieceChecks' });
      const res = await status(d.id, {
        status: 'picked_up',
        scannedPieces: [`${d.orderId}-01`],
        pieceChecks: [{ barcode: `${d.orderId}-01`, ccfNumber: 'CCF-000999', sealIntact: true }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'CCF_MISMATCH' });
      expect((await rowOf(d.id)).status).toBe('moving_to_pickup_location');
      const [finding] = await t.db.select().from(pieceCheckFindings).where(eq(pieceCheckFindings.deliveryId, d.id));
      expect(finding).toMatchObject({ kind: 'ccf_mismatch', expected: 'CCF-000111', found: 'CCF-000999', handover: 'pickup' });
      const told = await t.db.select().from(notifications).where(eq(notifications.deliveryId, d.id));
      expect(told.find((n) => n.userId === people.CUSTOMER.id)?.title).toBe('Pickup refused');
      const ok = await status(d.id, {
        status: 'picked_up',
        scannedPieces: [`${d.orderId}-01`],
        pieceChecks: [{ barcode: `${d.orderId}-01`, ccfNumber: 'ccf 000111', sealIntact: true }],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await piecesOf(d.id))[0]).toMatchObject({ status: 'picked_up', sealIntact: true });
    });

    it('refuses a broken seal (409 SEAL_BROKEN), recorded', async () => {
      const d = await drugTest();
      const res = await status(d.id, {
        status: 'picked_up',
        scannedPieces: [`${d.orderId}-01`],
        pieceChecks: [{ barcode: `${d.orderId}-01`, ccfNumber: 'CCF-000111', sealIntact: false }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'SEAL_BROKEN' });
      const findings = await t.db.select().from(pieceCheckFindings).where(eq(pieceCheckFindings.deliveryId, d.id));
      expect(findings.map((f) => f.kind)).toEqual(['seal_broken']);
      const [audit] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, d.id), eq(auditEvents.action, 'delivery.pickup_refused')));
      expect(audit).toBeDefined();
    });
  });

  it('records a controlled substance’s count at each hand-over; a count that differs is written as a finding', async () => {
    const d = await atPickup({
      packageType: 'MEDICATION',
      handling: { controlledSubstance: true },
      pieces: [{ kind: 'bag', quantity: 30, unit: 'tablets' }],
    });
    const uncounted = await status(d.id, { status: 'picked_up', scannedPieces: [`${d.orderId}-01`] });
    expect(uncounted.statusCode).toBe(400);
    const res = await status(d.id, {
      status: 'picked_up',
      scannedPieces: [`${d.orderId}-01`],
      pieceChecks: [{ barcode: `${d.orderId}-01`, quantity: 28 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [finding] = await t.db.select().from(pieceCheckFindings).where(eq(pieceCheckFindings.deliveryId, d.id));
    expect(finding).toMatchObject({ kind: 'controlled_count', expected: '30', found: '28', handover: 'pickup' });
    const events = await listCustodyEvents(t.db, d.id);
    expect(events.find((e) => e.seq === finding.eventSeq)?.note).toBe(`Piece 1 of 1 (${d.orderId}-01) scanned at pickup; count 28 tablets`);
    expect((await piecesOf(d.id))[0].lastCount).toBe(28);
    // The difference opens a controlled-count case at once, and dispatch hears of it.
    const [found] = await t.db.select().from(discrepancies).where(eq(discrepancies.deliveryId, d.id));
    expect(found).toMatchObject({
      kind: 'controlled_count',
      status: 'open',
      barcode: `${d.orderId}-01`,
      expectedQuantity: 30,
      countedQuantity: 28,
      unit: 'tablets',
    });
    const bell = await t.db.select().from(notifications).where(eq(notifications.deliveryId, d.id));
    expect(bell.some((n) => n.userId === people.STAFF.id && n.title === 'Case opened: Controlled-substance count differs')).toBe(true);
  });

  it('keeps pieces between accounts: another driver cannot scan them, another customer cannot read them', async () => {
    const d = await atPickup();
    const theirs = await status(d.id, { status: 'picked_up', scannedPieces: [`${d.orderId}-01`] }, people.otherDriver.auth);
    expect(theirs.statusCode).toBe(404);
    const read = await t.app.inject({ url: `/api/v1/deliveries/${d.id}`, headers: people.otherCustomer.auth });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('A-1001');
  });

  it('prints the pieces and their path on the custody report', async () => {
    const d = await atPickup();
    await status(d.id, {
      status: 'picked_up',
      scannedPieces: [`${d.orderId}-01`, `${d.orderId}-02`],
      missingPieces: [{ seq: 3, reason: 'other', note: 'In the fridge' }],
    });
    const res = await t.app.inject({ url: `/api/v1/admin/deliveries/${d.id}/custody/report`, headers: people.STAFF.auth });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Pieces (3)');
    expect(text).toContain(`${d.orderId}-03 - bag, accession`);
    expect(text).toContain('not handed over');
  });
});
