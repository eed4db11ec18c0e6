import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { proofsOfDelivery } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { pdfText } from '../deliveries/delivery-test-kit.js';
import { type Crew, crew, deliveryIn, proofForm, signaturePng } from './operations-test-kit.js';

/** What the PDF shows as curly quotes (WinAnsi 0x93 and 0x94, read back as latin1). */
const OPEN = '\u0093';
const CLOSE = '\u0094';

describe('no forged lines in the custody report', () => {
  const t = useTestApp();
  let people: Crew;
  beforeAll(async () => {
    people = await crew(t);
  });
  const post = (url: string, payload: object, who = people.STAFF) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });
  const pod = (id: string, form: FormData) =>
    t.app.inject({ method: 'POST', url: `/api/v1/driver/deliveries/${id}/pod`, headers: people.DRIVER.auth, payload: form as never });

  it('refuses control characters and direction overrides in notes, and line breaks in names, naming the field', async () => {
    const pending = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    for (const note of ['ok\u202Eelif', 'ok\u0007', 'tab\there', 'a\u2028b']) {
      const res = await post(`/api/v1/admin/deliveries/${pending.id}/approve`, { note });
      expect(res.statusCode, JSON.stringify(note)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'note', message: 'note: Note must not contain control characters' });
    }
    const assigned = await deliveryIn(t, 'assigned', people.CUSTOMER.id, people.DRIVER.id);
    const moved = await post(
      `/api/v1/driver/deliveries/${assigned.id}/status`,
      { status: 'moving_to_pickup_location', note: 'x\u0000y' },
      people.DRIVER,
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'note' });

    const onBoard = await deliveryIn(t, 'in_transit', people.CUSTOMER.id, people.DRIVER.id);
    const signature = await signaturePng();
    const forgedName = await pod(onBoard.id, proofForm({ recipientName: 'R. Lee\n5. Delivered' }, { signature }));
    expect(forgedName.statusCode).toBe(400);
    expect(forgedName.json()).toMatchObject({
      field: 'recipientName',
      message: 'recipientName: Recipient name must be one line of text and must not contain control characters',
    });
    const overridden = await pod(onBoard.id, proofForm({ recipientName: 'R. Lee', notes: 'fine\u202E' }, { signature }));
    expect(overridden.statusCode).toBe(400);
    expect(overridden.json()).toMatchObject({ field: 'notes' });
    expect((await t.db.select().from(proofsOfDelivery).where(eq(proofsOfDelivery.deliveryId, onBoard.id))).length).toBe(0);
  });

  it('prints every user-written value quoted and indented under its event, so a note cannot pass for a hand-over', async () => {
    const d = await deliveryIn(t, 'pending', people.CUSTOMER.id, null);
    const forgery = 'Checked.\n9. Delivered - Mar 2, 9:00 AM\nSignature: on file';
    expect((await post(`/api/v1/admin/deliveries/${d.id}/approve`, { note: forgery })).statusCode).toBe(200);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/deliveries/${d.id}/custody/report`,
      headers: people.STAFF.auth,
    });
    expect(report.statusCode).toBe(200);
    const text = pdfText(report.rawPayload);
    expect(text).toContain('Note, as written:');
    // The approve note is stored as "Approved: <note>"; each of its lines is quoted on its own.
    for (const row of `Approved: ${forgery}`.split('\n')) expect(text).toContain(`${OPEN}${row}${CLOSE}`);
    expect(text).toContain(`By: ${OPEN}staff Morgan${CLOSE} (STAFF)`);
    // The forged lines appear only inside quotes.
    expect(text.split('9. Delivered').length - 1).toBe(1);
    expect(text.indexOf(`${OPEN}9. Delivered`)).toBeGreaterThan(-1);
    expect(text).toMatch(/verifies/);
  });
});
