import net, { type AddressInfo, type Server } from 'node:net';
import { Hl7Message } from '@medplum/core';
import { Hl7Client, type Hl7MessageEvent, Hl7Server } from '@medplum/hl7';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, deliveryPieces, hl7Orders, hl7OutboundMessages, savedAddresses, users } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';
import { moveDelivery } from '../deliveries/move-delivery.js';
import { recordReceiptOnDelivery } from '../deliveries/record-receipt-on-delivery.js';
import { createHl7OutboundWorker } from '../hl7-outbound/hl7-outbound-worker.js';
import { resolveOutboundHost } from '../hl7-outbound/outbound-host.js';
import { HL7_MAX_FRAME_BYTES } from './mllp-listener.js';

/** An interface engine's messages, as the engine sends them (segments separated by CR). */
const msh = (facility: string, controlId: string, type: string, version = '2.5.1') =>
  `MSH|^~\\&|LIS|${facility}|MEDCOURIER|MEDCOURIER|20260302093000||${type}|${controlId}|P|${version}`;

function ormMessage(facility: string, controlId: string, opts: { placer?: string; filler?: string; withOrc?: boolean } = {}) {
  const placer = opts.placer ?? 'PL-1001';
  const filler = opts.filler ?? 'FL-2001';
  return [
    msh(facility, controlId, 'ORM^O01', '2.3'),
    'PID|1||MRN123^^^HOSP^MR||DOE^JANE',
    ...(opts.withOrc === false ? [] : [`ORC|NW|${placer}|${filler}||||^^^^^R`]),
    `OBR|1|${placer}|${filler}|CBC^Complete blood count^L|||202603020900|||||||||||ACC-ORM-1`,
    `OBR|2|${placer}|${filler}|BMP^Basic metabolic panel^L|||202603020900|||||||||||ACC-ORM-2`,
  ].join('\r');
}

function omlMessage(facility: string, controlId: string, opts: { spm2?: string[]; type?: string; version?: string } = {}) {
  const ids = opts.spm2 ?? ['SP-1^ACC-OML-1', 'SP-2^ACC-OML-2'];
  return [
    msh(facility, controlId, opts.type ?? 'OML^O21^OML_O21', opts.version),
    'PID|1||MRN123^^^HOSP^MR||DOE^JANE',
    'ORC|NW|PL-3001|FL-4001||||^^^^^S',
    'OBR|1|PL-3001|FL-4001|GLU^Glucose^L',
    ...ids.map((id, i) => `SPM|${i + 1}|${id}||BLD^Whole blood^HL70487|||||||||||||202603020915`),
  ].join('\r');
}

describe('HL7 v2 over MLLP', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock, env: { HL7_MLLP_PORT: '0' } });
  let port = 0;
  /** The engine's side of the connection: a real MLLP client of the HL7 library. */
  const clients: Hl7Client[] = [];
  async function send(text: string) {
    const client = new Hl7Client({ host: '127.0.0.1', port });
    clients.push(client);
    const ack = await client.sendAndWait(Hl7Message.parse(text), { timeoutMs: 10_000 });
    await client.close();
    return ack;
  }
  const msa = (ack: Hl7Message) => ({
    code: ack.getSegment('MSA')?.getField(1)?.toString(),
    controlId: ack.getSegment('MSA')?.getField(2)?.toString(),
  });
  const errLocation = (ack: Hl7Message) => ack.getSegment('ERR')?.getField(2)?.toString();
  const errCode = (ack: Hl7Message) => ack.getSegment('ERR')?.getComponent(3, 1);

  beforeAll(async () => {
    await t.app.hl7Listener.start();
    port = t.app.hl7Listener.address()?.port ?? 0;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
  });

  /** A raw connection writing `bytes`: what came back before the listener closed it. */
  function rawExchange(bytes: Buffer): Promise<{ answer: string; closed: boolean }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => {
        answer += d.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer, closed: true }));
      socket.on('connect', () => socket.write(bytes));
      setTimeout(() => {
        socket.destroy();
        resolve({ answer, closed: false });
      }, 5_000).unref();
    });
  }
  const framed = (text: string) => Buffer.from(`\x0b${text}\x1c\r`);

  // First, while no sender allows 127.0.0.1.
  it('closes a connection from an address no sender allows before reading anything: no ACK', async () => {
    const { answer, closed } = await rawExchange(framed(omlMessage('NOBODY', 'STRANGER-1')));
    expect(closed).toBe(true);
    expect(answer).toBe('');
  });

  let n = 0;
  /** An account owner with a saved pickup point and recipient (the lab), and a member of the account. */
  async function lab() {
    n += 1;
    const { user: owner } = await createUser(t.db, { role: 'CUSTOMER', email: `owner${n}@lab.test`, organisation: `Lab ${n}` });
    const { user: member } = await createUser(t.db, {
      role: 'CUSTOMER',
      email: `member${n}@lab.test`,
      accountId: owner.accountId as string,
      accountRole: 'member',
    });
    const [pickup, recipient] = await t.db
      .insert(savedAddresses)
      .values([
        { ownerId: owner.id, kind: 'pickup', label: 'Ward 3', address: '55 Fruit St, Boston, MA 02114', phone: '617-555-0100' },
        {
          ownerId: owner.id,
          kind: 'recipient',
          label: 'Core lab',
          address: '330 Brookline Ave, Boston, MA 02215',
          contactName: 'Core Lab Reception',
          phone: '617-555-0199',
          email: 'reception@lab.test',
        },
      ])
      .returning();
    return { owner, member, auth: await t.bearer(owner), memberAuth: await t.bearer(member), pickup, recipient };
  }
  async function register(l: Awaited<ReturnType<typeof lab>>, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/hl7-senders',
      headers: l.auth,
      payload: { pickupAddressId: l.pickup.id, recipientAddressId: l.recipient.id, allowedAddresses: ['127.0.0.1'], ...body },
    });
  }

  it('an owner registers, lists and removes a sender (audited); a member is refused, another account finds none, a facility is taken once', async () => {
    const a = await lab();
    const b = await lab();
    const made = await register(a, { sendingFacility: 'GENERAL-HOSP', allowedAddresses: ['10.20.0.0/16', '127.0.0.1'] });
    expect(made.statusCode).toBe(201);
    const sender = made.json().data;
    expect(sender).toMatchObject({ sendingFacility: 'GENERAL-HOSP', allowedAddresses: ['10.20.0.0/16', '127.0.0.1/32'], outbound: null });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/hl7-senders', headers: a.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { _id: string }) => s._id)).toEqual([sender._id]);
    expect(list.json().listener).toEqual({ host: 'courier.test', port, tls: false });

    const asMember = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/hl7-senders', headers: a.memberAuth });
    expect(asMember.statusCode).toBe(403);
    const memberPost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/hl7-senders',
      headers: a.memberAuth,
      payload: { sendingFacility: 'X', allowedAddresses: ['127.0.0.1'], pickupAddressId: a.pickup.id, recipientAddressId: a.recipient.id },
    });
    expect(memberPost.statusCode).toBe(403);
    const taken = await register(b, { sendingFacility: 'GENERAL-HOSP' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('CONFLICT');
    const badAddress = await register(b, { sendingFacility: 'B-HOSP', allowedAddresses: ['not-an-ip'] });
    expect(badAddress.statusCode).toBe(400);
    const othersAddress = await register(b, { sendingFacility: 'B-HOSP', pickupAddressId: a.pickup.id });
    expect(othersAddress.statusCode).toBe(400);

    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/v1/integrations/hl7-senders/${sender._id}`, headers: b.auth });
    expect(foreign.statusCode).toBe(404);
    const memberDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/integrations/hl7-senders/${sender._id}`,
      headers: a.memberAuth,
    });
    expect(memberDelete.statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/integrations/hl7-senders/${sender._id}`, headers: a.auth });
    expect(removed.statusCode).toBe(200);
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, sender._id));
    expect(audits.map((r) => r.action).sort()).toEqual(['hl7_sender.create', 'hl7_sender.delete']);
    // Removed: no sender allows 127.0.0.1 any more, so its connection is closed unanswered.
    expect(await rawExchange(framed(ormMessage('GENERAL-HOSP', 'AFTER-1')))).toEqual({ answer: '', closed: true });
  });

  it('books an ORM^O01 as the JSON API books: AA, the OBR specimens as pieces, the placer and filler numbers kept', async () => {
    const l = await lab();
    expect((await register(l, { sendingFacility: 'ORM-HOSP' })).statusCode).toBe(201);
    const ack = await send(ormMessage('ORM-HOSP', 'ORM-0001'));
    expect(msa(ack)).toEqual({ code: 'AA', controlId: 'ORM-0001' });
    expect(ack.getSegment('MSH')?.getField(9)?.toString()).toMatch(/^ACK/);
    const [order] = await t.db.select().from(hl7Orders).where(eq(hl7Orders.controlId, 'ORM-0001'));
    expect(order).toMatchObject({ placerNumber: 'PL-1001', fillerNumber: 'FL-2001', messageType: 'ORM^O01', version: '2.3' });
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.id, order.deliveryId));
    expect(delivery).toMatchObject({
      customerId: l.owner.id,
      status: 'pending',
      packageType: 'SPECIMEN',
      reference: 'PL-1001',
      pickupAddress: '55 Fruit St, Boston, MA 02114',
      deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
      recipientName: 'Core Lab Reception',
      priority: 'routine',
    });
    expect(ack.getSegment('MSA')?.getField(3)?.toString()).toBe(`Booked as ${delivery.orderId}`);
    const pieces = await t.db.select().from(deliveryPieces).where(eq(deliveryPieces.deliveryId, delivery.id)).orderBy(deliveryPieces.seq);
    expect(pieces.map((p) => p.accession)).toEqual(['ACC-ORM-1', 'ACC-ORM-2']);
    expect(pieces.map((p) => p.description)).toEqual(['Complete blood count', 'Basic metabolic panel']);
  });

  it('books an OML^O21 with its SPM-2 specimen ids as accessions; the same control id again books nothing and answers the same ACK', async () => {
    const l = await lab();
    expect((await register(l, { sendingFacility: 'OML-HOSP' })).statusCode).toBe(201);
    const first = await send(omlMessage('OML-HOSP', 'OML-0001'));
    expect(msa(first)).toEqual({ code: 'AA', controlId: 'OML-0001' });
    const again = await send(omlMessage('OML-HOSP', 'OML-0001'));
    expect(again.toString()).toBe(first.toString());
    const orders = await t.db.select().from(hl7Orders).where(eq(hl7Orders.controlId, 'OML-0001'));
    expect(orders).toHaveLength(1);
    const booked = await t.db.select().from(deliveries).where(eq(deliveries.customerId, l.owner.id));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ priority: 'stat', reference: 'PL-3001' });
    expect(booked[0].specimenCollectedAt?.toISOString()).toBe('2026-03-02T14:15:00.000Z');
    const pieces = await t.db.select().from(deliveryPieces).where(eq(deliveryPieces.deliveryId, booked[0].id)).orderBy(deliveryPieces.seq);
    expect(pieces.map((p) => [p.accession, p.description])).toEqual([
      ['ACC-OML-1', 'Whole blood'],
      ['ACC-OML-2', 'Whole blood'],
    ]);
    // A new control id is a new order.
    expect(msa(await send(omlMessage('OML-HOSP', 'OML-0002'))).code).toBe('AA');
    expect(await t.db.select().from(deliveries).where(eq(deliveries.customerId, l.owner.id))).toHaveLength(2);
  });

  it('refuses bad and missing segments with an ERR naming the field, and books nothing', async () => {
    const l = await lab();
    expect((await register(l, { sendingFacility: 'BAD-HOSP' })).statusCode).toBe(201);
    const noSpecimenId = await send(omlMessage('BAD-HOSP', 'BAD-1', { spm2: ['SP-1^ACC-1', ''] }));
    expect(msa(noSpecimenId).code).toBe('AE');
    expect(errLocation(noSpecimenId)).toBe('SPM^2^2');
    expect(errCode(noSpecimenId)).toBe('101');
    expect(noSpecimenId.getSegment('ERR')?.getField(8)?.toString()).toContain('SPM-2');

    const noSpm = await send(omlMessage('BAD-HOSP', 'BAD-2', { spm2: [] }));
    expect([msa(noSpm).code, errLocation(noSpm), errCode(noSpm)]).toEqual(['AE', 'SPM^1^', '100']);
    const noOrc = await send(ormMessage('BAD-HOSP', 'BAD-3', { withOrc: false }));
    expect([msa(noOrc).code, errLocation(noOrc)]).toEqual(['AE', 'ORC^1^']);
    const wrongType = await send(omlMessage('BAD-HOSP', 'BAD-4', { type: 'ADT^A01' }));
    expect([msa(wrongType).code, errLocation(wrongType), errCode(wrongType)]).toEqual(['AR', 'MSH^1^9', '200']);
    const wrongVersion = await send(omlMessage('BAD-HOSP', 'BAD-5', { version: '2.7' }));
    expect([msa(wrongVersion).code, errLocation(wrongVersion), errCode(wrongVersion)]).toEqual(['AR', 'MSH^1^12', '203']);
    // A refused message was not booked: fixed, the same control id is taken.
    expect(await t.db.select().from(deliveries).where(eq(deliveries.customerId, l.owner.id))).toHaveLength(0);
    expect(msa(await send(omlMessage('BAD-HOSP', 'BAD-1'))).code).toBe('AA');
  });

  it('rejects (AR, MSH-4) an unknown sending facility, and a known one connecting from an address not allowed', async () => {
    const unknown = await send(omlMessage('NOBODY', 'U-1'));
    expect([msa(unknown).code, errLocation(unknown), errCode(unknown)]).toEqual(['AR', 'MSH^1^4', '204']);
    const l = await lab();
    expect((await register(l, { sendingFacility: 'VPN-HOSP', allowedAddresses: ['10.20.0.0/16'] })).statusCode).toBe(201);
    const elsewhere = await send(omlMessage('VPN-HOSP', 'U-2'));
    expect([msa(elsewhere).code, errLocation(elsewhere)]).toEqual(['AR', 'MSH^1^4']);
    expect(await t.db.select().from(deliveries).where(eq(deliveries.customerId, l.owner.id))).toHaveLength(0);
  });

  it('sends a status message to the engine at pickup, delivery and lab receipt through the outbox, and records its ACK', async () => {
    const received: Hl7Message[] = [];
    const engine = new Hl7Server((connection) => {
      connection.addEventListener('message', ({ message }: Hl7MessageEvent) => {
        received.push(message);
        connection.send(message.buildAck({ ackCode: 'AA' }));
      });
    });
    engine.start(0);
    const engineServer = engine.server as Server;
    await new Promise<void>((resolve) => (engineServer.listening ? resolve() : engineServer.once('listening', () => resolve())));
    try {
      const enginePort = (engineServer.address() as AddressInfo).port;
      const l = await lab();
      const made = await register(l, {
        sendingFacility: 'OUT-HOSP',
        outbound: { host: '127.0.0.1', port: enginePort, events: ['pickup', 'delivery', 'receipt'] },
      });
      expect(made.statusCode).toBe(201);
      expect(made.json().data.outbound).toEqual({ host: '127.0.0.1', port: enginePort, events: ['pickup', 'delivery', 'receipt'] });
      expect(msa(await send(ormMessage('OUT-HOSP', 'OUT-1', { placer: 'PL-9', filler: 'FL-9' }))).code).toBe('AA');
      const [order] = await t.db.select().from(hl7Orders).where(eq(hl7Orders.controlId, 'OUT-1'));
      const { user: driver } = await createUser(t.db, { role: 'DRIVER' });
      await t.db
        .update(deliveries)
        .set({ status: 'moving_to_pickup_location', driverId: driver.id })
        .where(eq(deliveries.id, order.deliveryId));
      const asDriver = { id: driver.id, role: 'DRIVER' as const };
      for (const to of ['picked_up', 'in_transit', 'delivered'] as const)
        await moveDelivery(t.app.services, asDriver, { idOrTrackingNumber: order.deliveryId, to }, () => ({
          note: to,
          audit: { action: 'delivery.move' },
        }));
      await t.db.transaction((tx) =>
        recordReceiptOnDelivery(
          tx,
          t.app.services,
          order.deliveryId,
          { actorId: l.owner.id, actorRole: 'CUSTOMER' },
          { status: 'accepted', receivedBy: 'Core lab' },
        ),
      );
      const queued = await t.db.select().from(hl7OutboundMessages).where(eq(hl7OutboundMessages.deliveryId, order.deliveryId));
      expect(queued.map((m) => m.event).sort()).toEqual(['delivery', 'pickup', 'receipt']);

      await t.app.services.outbox.drain();
      expect(received).toHaveLength(3);
      const [pickup, delivered, receipt] = received;
      expect(receipt.getSegment('ORC')?.getComponent(16, 1)).toBe('received');
      expect(receipt.getSegment('ORC')?.getField(5)?.toString()).toBe('CM');
      expect(pickup.getSegment('MSH')?.getField(9)?.toString()).toBe('ORM^O01^ORM_O01');
      expect(pickup.getSegment('MSH')?.getField(6)?.toString()).toBe('OUT-HOSP');
      expect(pickup.getSegment('MSH')?.getField(12)?.toString()).toBe('2.3');
      const orc = (m: Hl7Message) => [1, 2, 3, 5].map((f) => m.getSegment('ORC')?.getField(f)?.toString());
      expect(orc(pickup)).toEqual(['SC', 'PL-9', 'FL-9', 'IP']);
      expect(orc(delivered)).toEqual(['SC', 'PL-9', 'FL-9', 'CM']);
      expect(pickup.getSegment('ORC')?.getComponent(16, 1)).toBe('picked_up');
      expect(delivered.getSegment('ORC')?.getComponent(16, 1)).toBe('delivered');

      const sent = await t.db
        .select()
        .from(hl7OutboundMessages)
        .where(and(eq(hl7OutboundMessages.deliveryId, order.deliveryId), eq(hl7OutboundMessages.status, 'sent')));
      expect(sent).toHaveLength(3);
      expect(sent.every((m) => m.ackCode === 'AA' && m.attempts === 1)).toBe(true);
      const log = await t.app.inject({
        method: 'GET',
        url: `/api/v1/integrations/hl7-senders/${made.json().data._id}/messages`,
        headers: l.auth,
      });
      expect(log.statusCode).toBe(200);
      expect(
        log
          .json()
          .data.map((m: { event: string; ackCode: string; status: string }) => [m.event, m.ackCode, m.status])
          .sort(),
      ).toEqual([
        ['delivery', 'AA', 'sent'],
        ['pickup', 'AA', 'sent'],
        ['receipt', 'AA', 'sent'],
      ]);
    } finally {
      await engine.stop({ forceDrainTimeoutMs: 100 });
    }
  });

  it('retries a status message the engine cannot take, recording each answer', async () => {
    const l = await lab();
    // Nothing listens on this port.
    const made = await register(l, { sendingFacility: 'DOWN-HOSP', outbound: { host: '127.0.0.1', port: 1 } });
    expect(made.statusCode).toBe(201);
    expect(msa(await send(ormMessage('DOWN-HOSP', 'DOWN-1'))).code).toBe('AA');
    const [order] = await t.db.select().from(hl7Orders).where(eq(hl7Orders.controlId, 'DOWN-1'));
    const { user: driver } = await createUser(t.db, { role: 'DRIVER' });
    await t.db
      .update(deliveries)
      .set({ status: 'moving_to_pickup_location', driverId: driver.id })
      .where(eq(deliveries.id, order.deliveryId));
    await moveDelivery(
      t.app.services,
      { id: driver.id, role: 'DRIVER' },
      { idOrTrackingNumber: order.deliveryId, to: 'picked_up' },
      () => ({
        note: 'Picked up',
        audit: { action: 'delivery.pickup' },
      }),
    );
    await t.app.services.outbox.drain();
    const [msg] = await t.db.select().from(hl7OutboundMessages).where(eq(hl7OutboundMessages.deliveryId, order.deliveryId));
    expect(msg).toMatchObject({ status: 'pending', attempts: 1, ackCode: null });
    expect(msg.lastError).toBeTruthy();
    expect(msg.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
  });
  it('closes the socket of a message larger than the limit without an ACK', async () => {
    const l = await lab();
    expect((await register(l, { sendingFacility: 'BIG-HOSP' })).statusCode).toBe(201);
    const huge = Buffer.concat([Buffer.from('\x0b'), Buffer.alloc(HL7_MAX_FRAME_BYTES + 1024, 'A')]);
    const { answer, closed } = await rawExchange(huge);
    expect(closed).toBe(true);
    expect(answer).toBe('');
    // An ordinary message on a new connection is still answered.
    expect(msa(await send(omlMessage('BIG-HOSP', 'BIG-1'))).code).toBe('AA');
  });

  it('refuses allowed networks wider than /16 (IPv4) or /48 (IPv6), naming the entry', async () => {
    const l = await lab();
    const v4 = await register(l, { sendingFacility: 'WIDE-HOSP', allowedAddresses: ['0.0.0.0/0'] });
    expect(v4.statusCode).toBe(400);
    expect(v4.json().field).toBe('allowedAddresses.0');
    expect(v4.json().message).toContain('/16');
    const v6 = await register(l, { sendingFacility: 'WIDE-HOSP', allowedAddresses: ['127.0.0.1', '::/0'] });
    expect(v6.statusCode).toBe(400);
    expect(v6.json().field).toBe('allowedAddresses.1');
    const v4wide = await register(l, { sendingFacility: 'WIDE-HOSP', allowedAddresses: ['10.0.0.0/15'] });
    expect(v4wide.statusCode).toBe(400);
    const ok = await register(l, { sendingFacility: 'WIDE-HOSP', allowedAddresses: ['10.20.0.0/16', '2001:db8:1::/48', '127.0.0.1'] });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses (AR, MSH-4) orders of a sender whose registering owner was demoted, disabled or deleted; books nothing', async () => {
    const l = await lab();
    expect((await register(l, { sendingFacility: 'GONE-HOSP' })).statusCode).toBe(201);
    for (const [i, change] of [{ accountRole: 'member' as const }, { isDisabled: true }, { isDeleted: true }].entries()) {
      await t.db
        .update(users)
        .set({ accountRole: 'owner', isDisabled: false, isDeleted: false, ...change })
        .where(eq(users.id, l.owner.id));
      const ack = await send(omlMessage('GONE-HOSP', `GONE-${i}`));
      expect([msa(ack).code, errLocation(ack), errCode(ack)]).toEqual(['AR', 'MSH^1^4', '204']);
      expect(ack.getSegment('ERR')?.getField(8)?.toString()).toContain('no longer an active owner');
    }
    expect(await t.db.select().from(deliveries).where(eq(deliveries.customerId, l.owner.id))).toHaveLength(0);
  });

  it('keeps the control ids of a removed sender: registered again, a resent message gets the original ACK and books nothing', async () => {
    const l = await lab();
    const first = await register(l, { sendingFacility: 'AGAIN-HOSP' });
    expect(first.statusCode).toBe(201);
    const ack = await send(omlMessage('AGAIN-HOSP', 'AGAIN-1'));
    expect(msa(ack).code).toBe('AA');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/integrations/hl7-senders/${first.json().data._id}`,
      headers: l.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(msa(await send(omlMessage('AGAIN-HOSP', 'AGAIN-1'))).code).toBe('AR');
    expect((await register(l, { sendingFacility: 'AGAIN-HOSP' })).statusCode).toBe(201);
    const again = await send(omlMessage('AGAIN-HOSP', 'AGAIN-1'));
    expect(again.toString()).toBe(ack.toString());
    expect(await t.db.select().from(deliveries).where(eq(deliveries.customerId, l.owner.id))).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/hl7-senders', headers: l.auth });
    expect(list.json().data).toHaveLength(1);
  });

  it('in production resolves the engine host once, refuses a private answer, and connects to the checked address', async () => {
    expect((await resolveOutboundHost('localhost', true, [])).refusal).toMatch(/private, loopback or reserved/);
    const allowed = ['127.0.0.0/8', '::1/128'];
    const target = await resolveOutboundHost('localhost', true, allowed);
    expect(target.address === '127.0.0.1' || target.address === '::1').toBe(true);

    const l = await lab();
    const made = await register(l, { sendingFacility: 'PIN-HOSP', outbound: { host: 'localhost', port: 2575, events: ['pickup'] } });
    expect(made.statusCode).toBe(201);
    expect(msa(await send(ormMessage('PIN-HOSP', 'PIN-1'))).code).toBe('AA');
    const [order] = await t.db.select().from(hl7Orders).where(eq(hl7Orders.controlId, 'PIN-1'));
    await t.db.insert(hl7OutboundMessages).values({
      senderId: made.json().data._id,
      deliveryId: order.deliveryId,
      event: 'pickup',
      controlId: 'PIN-OUT-1',
      message: ormMessage('PIN-HOSP', 'PIN-OUT-1'),
      nextAttemptAt: clock.now(),
    });
    const hosts: string[] = [];
    const worker = createHl7OutboundWorker({
      db: t.db,
      clock,
      log: t.app.log,
      production: true,
      allowedNetworks: allowed,
      send: async (host) => {
        hosts.push(host);
        return { ackCode: 'AA', ack: null, error: null };
      },
    });
    await worker.drain();
    expect(hosts).toEqual([target.address]);
    const refusing = createHl7OutboundWorker({
      db: t.db,
      clock,
      log: t.app.log,
      production: true,
      send: async (host) => {
        hosts.push(host);
        return { ackCode: 'AA', ack: null, error: null };
      },
    });
    await t.db.insert(hl7OutboundMessages).values({
      senderId: made.json().data._id,
      deliveryId: order.deliveryId,
      event: 'pickup',
      controlId: 'PIN-OUT-2',
      message: ormMessage('PIN-HOSP', 'PIN-OUT-2'),
      nextAttemptAt: clock.now(),
    });
    await refusing.drain();
    expect(hosts).toHaveLength(1);
    const [refused] = await t.db.select().from(hl7OutboundMessages).where(eq(hl7OutboundMessages.controlId, 'PIN-OUT-2'));
    expect(refused.lastError).toMatch(/private, loopback or reserved/);
  });
});
