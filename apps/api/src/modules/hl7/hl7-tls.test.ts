import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { Hl7Message } from '@medplum/core';
import { Hl7Connection } from '@medplum/hl7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hl7Senders, savedAddresses } from '../../db/schema/index.js';
import { createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { TEST_NOW } from '../deliveries/delivery-test-kit.js';

/** A self-signed certificate made for this test (openssl), as an operator's HL7_MLLP_TLS_CERT/KEY. */
const dir = mkdtempSync(join(tmpdir(), 'mllp-tls-'));
const cert = join(dir, 'mllp.crt');
const key = join(dir, 'mllp.key');
execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost'],
  {
    stdio: 'ignore',
  },
);

describe('HL7 MLLP listener over TLS', () => {
  const t = useTestApp({ clock: fixedClock(TEST_NOW), env: { HL7_MLLP_PORT: '0', HL7_MLLP_TLS_CERT: cert, HL7_MLLP_TLS_KEY: key } });
  beforeAll(async () => {
    // The listener closes connections from addresses no sender allows: one sender allows this machine.
    const { user: owner } = await createUser(t.db, { role: 'CUSTOMER', email: 'owner@tls.test', organisation: 'TLS lab' });
    const [pickup, recipient] = await t.db
      .insert(savedAddresses)
      .values([
        { ownerId: owner.id, kind: 'pickup', label: 'Ward', address: '55 Fruit St, Boston, MA 02114', phone: '617-555-0100' },
        { ownerId: owner.id, kind: 'recipient', label: 'Lab', address: '330 Brookline Ave, Boston, MA 02215', phone: '617-555-0199' },
      ])
      .returning();
    await t.db.insert(hl7Senders).values({
      accountId: owner.accountId as string,
      ownerId: owner.id,
      sendingFacility: 'TLS-HOSP',
      allowedAddresses: ['127.0.0.1/32'],
      pickupAddressId: pickup.id,
      recipientAddressId: recipient.id,
    });
    await t.app.hl7Listener.start();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('speaks MLLP inside TLS: an unknown facility from an allowed address is answered AR over the encrypted connection', async () => {
    const listener = t.app.hl7Listener.address();
    expect(listener).toMatchObject({ tls: true });
    const socket = tls.connect({ host: '127.0.0.1', port: listener?.port ?? 0, rejectUnauthorized: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('secureConnect', () => resolve());
      socket.once('error', reject);
    });
    const connection = new Hl7Connection(socket);
    try {
      const ack = await connection.sendAndWait(
        Hl7Message.parse('MSH|^~\\&|LIS|NOBODY|MEDCOURIER|MEDCOURIER|20260302093000||OML^O21^OML_O21|TLS-1|P|2.5.1'),
        { timeoutMs: 10_000 },
      );
      expect(ack.getSegment('MSA')?.getField(1)?.toString()).toBe('AR');
      expect(ack.getSegment('MSA')?.getField(2)?.toString()).toBe('TLS-1');
    } finally {
      await connection.close();
    }
  });
});
