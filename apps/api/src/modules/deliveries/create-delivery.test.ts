import { MESSAGES, ZDelivery, TRACKING_NUMBER_PATTERN } from '@courier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories.js';
import { auditEvents, deliveries, notifications, storedFiles, users } from '../../db/schema/index.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { listCustodyEvents, verifyCustodyChain } from './custody.js';
import { jpegWithExif, multipartForm, TEST_NOW, validDeliveryForm, webpImage } from './delivery-test-kit.js';

describe('requesting a delivery', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let customer: Awaited<ReturnType<typeof createUser>>['user'];
  let auth: { authorization: string };
  const post = (payload: unknown, headers = auth) =>
    t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers, payload: payload as never });

  beforeAll(async () => {
    ({ user: customer } = await createUser(t.db, { firstName: 'Dana', email: 'dana@clinic.test' }));
    auth = await t.bearer(customer);
  });

  it('creates a pending delivery with a tracking number, coordinates and its estimate', async () => {
    const res = await post(validDeliveryForm());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MESSAGES.deliverySubmitted, meetsRequiredBy: true });
    expect(body.warning).toBeUndefined();
    expect(body._id).toBe(body.data._id);
    const d = ZDelivery.parse(body.data);
    expect(d.orderId).toMatch(TRACKING_NUMBER_PATTERN);
    expect(d).toMatchObject({
      status: 'pending',
      recipientEmail: 'jordan.lee@example.test',
      packageType: 'MEDICATION',
      deliveryType: 'EXPRESS',
      requiredBy: '2026-03-03T19:00:00.000Z',
      // EXPRESS booked Monday 10:00 in New York: four business hours later.
      estimatedDelivery: '2026-03-02T19:00:00.000Z',
      createdAt: new Date(TEST_NOW).toISOString(),
      packageImage: null,
      shippingLabel: null,
      pod: null,
      trackingUrl: `http://courier.test/track/${d.orderId}`,
    });
    expect(d.pickupCoords?.lat).toBeCloseTo(42.36, 1);
    expect(d.deliveryCoords?.lng).toBeCloseTo(-71.1, 1);
  });

  it('books a request whose service level cannot meet its required-by, and says so', async () => {
    const res = await post({ ...validDeliveryForm(), deliveryType: 'STANDARD', requiredBy: '2026-03-02T21:00:00.000Z' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, meetsRequiredBy: false, warning: MESSAGES.estimateAfterRequiredBy });
    expect(res.json().data).toMatchObject({ status: 'pending', estimatedDelivery: '2026-03-04T23:00:00.000Z' });
  });

  it('records the first custody event, an in-app notice, a confirmation e-mail and an audit row', async () => {
    const { _id, data } = (await post(validDeliveryForm())).json();
    const events = await listCustodyEvents(t.db, _id);
    expect(events.map((e) => e.status)).toEqual(['pending']);
    expect(events[0]).toMatchObject({ actorId: customer.id, actorRole: 'CUSTOMER', locationLabel: 'Boston, MA 02114' });
    expect(verifyCustodyChain(events).valid).toBe(true);

    const notes = await t.db.select().from(notifications).where(eq(notifications.deliveryId, _id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      userId: customer.id,
      title: 'Delivery request received',
      message: `Your delivery ${data.orderId} to Jordan Lee is pending approval.`,
      isRead: false,
    });

    const mail = (await t.sentEmails()).filter((m) => m.subject === `${data.orderId}: Request received`);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toBe('dana@clinic.test');
    expect(mail[0].text).toContain(`http://courier.test/track/${data.orderId}`);

    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, _id));
    expect(audit).toMatchObject([{ action: 'delivery.create', actorId: customer.id, details: { orderId: data.orderId } }]);
  });

  it('sends no e-mail to a customer who turned e-mail updates off', async () => {
    const { user } = await createUser(t.db, { email: 'quiet@clinic.test' });
    await t.db
      .update(users)
      .set({ notificationPreferences: { emailUpdates: false, smsUpdates: false, marketingEmails: false } })
      .where(eq(users.id, user.id));
    expect((await post(validDeliveryForm(), await t.bearer(user))).statusCode).toBe(201);
    expect((await t.sentEmails()).filter((m) => m.to === 'quiet@clinic.test')).toEqual([]);
  });

  it('gives every delivery its own unguessable tracking number', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await post(validDeliveryForm())).json().data.orderId);
    expect(ids.size).toBe(5);
  });

  it('reads a required-by time without an offset on the business clock', async () => {
    const res = await post({ ...validDeliveryForm(), requiredBy: '2026-03-03T14:00' });
    expect(res.json().data.requiredBy).toBe('2026-03-03T19:00:00.000Z');
  });

  it('refuses a caller without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/deliveries', payload: validDeliveryForm() });
    expect(res.statusCode).toBe(401);
  });

  describe('validation: each error names its field', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a missing sender phone', { senderPhone: undefined }, 'senderPhone: Sender phone is required'],
      ['a sender phone that is not one', { senderPhone: 'call me' }, 'senderPhone: Sender phone must be a valid phone number'],
      ['a missing pickup address', { pickupAddress: '  ' }, 'pickupAddress: Pickup address is required'],
      ['a missing recipient name', { recipientName: undefined }, 'recipientName: Recipient name is required'],
      ['a recipient phone that is not one', { recipientPhone: '0000' }, 'recipientPhone: Recipient phone must be a valid phone number'],
      ['a missing recipient e-mail', { recipientEmail: '' }, 'recipientEmail: Recipient e-mail is required'],
      ['an invalid recipient e-mail', { recipientEmail: 'jordan@' }, 'recipientEmail: Recipient e-mail must be a valid e-mail address'],
      ['a missing delivery address', { deliveryAddress: undefined }, 'deliveryAddress: Delivery address is required'],
      ['a missing required-by', { requiredBy: undefined }, 'requiredBy: Required-by is required'],
      ['a required-by that is not a date', { requiredBy: 'tomorrow-ish' }, 'requiredBy: Required-by must be a valid date and time'],
      ['a required-by in the past', { requiredBy: '2026-03-02T14:59:00Z' }, 'requiredBy: Required-by must be in the future'],
      ['a required-by more than a year out', { requiredBy: '2027-06-01T12:00:00Z' }, 'requiredBy: Required-by must be within a year'],
      [
        'an unknown package type',
        { packageType: 'BOX' },
        'packageType: Package type must be one of DOCUMENT, PARCEL, MEDICAL_SUPPLIES, EQUIPMENT, MEDICATION, SPECIMEN, OTHER',
      ],
      ['an unknown package size', { packageSize: 'huge' }, 'packageSize: Package size must be one of small, medium, large, extra_large'],
      [
        'an unknown delivery type',
        { deliveryType: 'OVERNIGHT' },
        'deliveryType: Delivery type must be one of STANDARD, EXPRESS, SAME_DAY, NEXT_DAY',
      ],
      [
        'special instructions too long',
        { specialInstructions: 'x'.repeat(1001) },
        'specialInstructions: Special instructions must be at most 1000 characters',
      ],
      [
        'a pickup address the geocoder cannot place',
        { pickupAddress: 'Behind the old mill' },
        'pickupAddress: Pickup address could not be found. Check the street, city, state and ZIP code.',
      ],
      [
        'a delivery address the geocoder cannot place',
        { deliveryAddress: '1 Nowhere Lane, Atlantis' },
        'deliveryAddress: Delivery address could not be found. Check the street, city, state and ZIP code.',
      ],
    ];
    it.each(cases)('refuses %s', async (_what, change, message) => {
      const before = await t.db.$count(deliveries);
      const res = await post({ ...validDeliveryForm(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      expect(await t.db.$count(deliveries)).toBe(before);
    });

    it('accepts lower-case package and delivery types and no special instructions', async () => {
      const { specialInstructions: _, ...form } = validDeliveryForm();
      const res = await post({ ...form, packageType: 'document', deliveryType: 'same_day' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ packageType: 'DOCUMENT', deliveryType: 'SAME_DAY', specialInstructions: '' });
    });
  });

  describe('multipart with the image as "file"', () => {
    const postForm = (form: FormData) => t.app.inject({ method: 'POST', url: '/api/v1/deliveries', headers: auth, payload: form as never });

    it('stores a JPEG without its EXIF and links it from the delivery', async () => {
      const original = await jpegWithExif();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await postForm(multipartForm(validDeliveryForm(), { bytes: original, name: 'parcel.jpg', type: 'image/jpeg' }));
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(data.packageImage).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?exp=\d+&for=[0-9a-f-]{36}&sig=[\w-]+$/);

      const file = await t.app.inject(data.packageImage);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('Patient home'))).toBe(false);
      expect(meta.width).toBe(32);
    });

    it('accepts a WebP image', async () => {
      const res = await postForm(multipartForm(validDeliveryForm(), { bytes: await webpImage(), name: 'p.webp', type: 'image/webp' }));
      expect(res.statusCode).toBe(201);
      const [file] = await t.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.id, res.json().data.packageImage.split('/').pop().split('?')[0]));
      expect(file).toMatchObject({ kind: 'package_image', contentType: 'image/webp', ownerId: customer.id });
    });

    it('accepts the form without an image', async () => {
      const res = await postForm(multipartForm(validDeliveryForm()));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.packageImage).toBeNull();
    });

    it('answers 413 for an image over 5 MB and creates nothing', async () => {
      const before = await t.db.$count(deliveries);
      const big = Buffer.concat([await jpegWithExif(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const res = await postForm(multipartForm(validDeliveryForm(), { bytes: big, name: 'big.jpg', type: 'image/jpeg' }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, message: 'file: image must be at most 5 MB' });
      expect(await t.db.$count(deliveries)).toBe(before);
    });

    it('answers 415 for a text file named .png', async () => {
      const before = await t.db.$count(deliveries);
      const text = Buffer.from('this is not a picture, only words pretending to be one\n'.repeat(20));
      const res = await postForm(multipartForm(validDeliveryForm(), { bytes: text, name: 'photo.png', type: 'image/png' }));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, message: 'file: must be a JPEG, PNG or WebP image' });
      expect(await t.db.$count(deliveries)).toBe(before);
    });

    it('validates multipart fields like JSON ones', async () => {
      const res = await postForm(multipartForm({ ...validDeliveryForm(), recipientEmail: 'nope' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('recipientEmail: Recipient e-mail must be a valid e-mail address');
    });
  });
});
