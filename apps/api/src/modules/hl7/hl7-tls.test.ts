import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { Hl7Message } from '@medplum/core';
import { Hl7Connection } from '@medplum/hl7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await t.app.hl7Listener.start();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('speaks MLLP inside TLS: an unknown sender is answered AR over the encrypted connection', async () => {
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
