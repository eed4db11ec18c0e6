import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@courier/contract';
import type { Services } from '../../services.js';
import type { DeliveryRow } from '../../shared/delivery-json.js';
import type { EventFacts } from './delivery-messages.js';
import { type DeliveryAudienceFacts, planDeliveryMessages } from './plan-delivery-messages.js';
import { OWNER_ALWAYS_HEARS, planMedicalMessages } from './medical-messages.js';

// Pure rules: who hears of an event, by which channel, at which address, is read off the list.
const services = {
  publicUrl: 'http://courier.test',
  env: { BUSINESS_TZ: 'America/New_York' } as Services['env'],
  jwtKey: new Uint8Array(32).fill(7),
};
const at = new Date('2026-03-02T15:00:00Z');
const d = {
  id: 'a0000000-0000-4000-8000-000000000001',
  orderId: 'MC0000000001',
  customerId: 'owner-1',
  recipientName: 'Dr Rivera',
  recipientEmail: 'Lab@Example.org',
  recipientPhone: '617 555 0100',
  requiredBy: null,
  estimatedDelivery: null,
  cancelReason: null,
} as unknown as DeliveryRow;
const facts: EventFacts = {
  orderId: d.orderId,
  recipientName: d.recipientName,
  at,
  requiredBy: null,
  estimatedDelivery: null,
  trackingUrl: `${services.publicUrl}/track/${d.orderId}`,
  timeZone: 'America/New_York',
};
const owner = {
  email: 'kim@clinic.example',
  firstName: 'Kim',
  phone: '6175550199',
  preferences: { emailUpdates: true, smsUpdates: true, marketingEmails: false },
  isDeleted: false,
  smsConsent: true,
};
const everyone: DeliveryAudienceFacts = { owner, recipient: { emailUnsubscribed: false, smsConsent: true }, staffIds: ['s1', 's2'] };
const routes = (list: { audience: string; channel: string; address: string }[]) =>
  list.map((m) => `${m.audience} ${m.channel} ${m.address}`);

describe('who hears of a delivery event', () => {
  it('tells the owner in the app, by e-mail and SMS, and staff in the app, of a new request; the recipient hears nothing yet', () => {
    expect(routes(planDeliveryMessages(services, d, 'requested', facts, everyone))).toEqual([
      'owner in_app owner-1',
      'owner email kim@clinic.example',
      'owner sms +16175550199',
      'staff in_app s1',
      'staff in_app s2',
    ]);
  });

  it('tells the recipient of the pickup by e-mail (with an unsubscribe link) and SMS, and the owner by the channels they chose', () => {
    const list = planDeliveryMessages(services, d, 'picked_up', facts, everyone);
    expect(routes(list)).toEqual([
      'owner in_app owner-1',
      'owner email kim@clinic.example',
      'owner sms +16175550199',
      'recipient email Lab@Example.org',
      'recipient sms +16175550100',
    ]);
    const email = list.find((m) => m.audience === 'recipient' && m.channel === 'email');
    expect(email?.channel === 'email' && email.content.listUnsubscribe).toMatch(/^http:\/\/courier\.test\/api\/v1\/unsubscribe\//);
  });

  it('checks consent and preferences: no SMS without consent, no e-mail to an unsubscribed recipient, nothing outside the app for a deleted owner', () => {
    const quiet: DeliveryAudienceFacts = {
      owner: { ...owner, smsConsent: false },
      recipient: { emailUnsubscribed: true, smsConsent: false },
      staffIds: [],
    };
    expect(routes(planDeliveryMessages(services, d, 'picked_up', facts, quiet))).toEqual([
      'owner in_app owner-1',
      'owner email kim@clinic.example',
    ]);
    const gone = { ...everyone, owner: { ...owner, isDeleted: true } };
    expect(routes(planDeliveryMessages(services, d, 'picked_up', facts, gone)).filter((r) => r.startsWith('owner'))).toEqual([
      'owner in_app owner-1',
    ]);
    const smsOff = { ...everyone, owner: { ...owner, preferences: { ...owner.preferences, smsUpdates: false } } };
    expect(routes(planDeliveryMessages(services, d, 'requested', facts, smsOff))).not.toContain('owner sms +16175550199');
  });

  it('e-mails the owner only the moves they chose (approval is not among the defaults), texts each outside move, in the app every move', () => {
    expect(routes(planDeliveryMessages(services, d, 'approved', facts, everyone))).toEqual([
      'owner in_app owner-1',
      'owner sms +16175550199',
    ]);
    const chose = { ...everyone, owner: { ...owner, preferences: { ...owner.preferences, emailEvents: ['approved'] } } };
    expect(routes(planDeliveryMessages(services, d, 'approved', facts, chose))).toEqual([
      'owner in_app owner-1',
      'owner email kim@clinic.example',
      'owner sms +16175550199',
    ]);
    expect(routes(planDeliveryMessages(services, d, 'in_transit', facts, everyone))).toEqual(['owner in_app owner-1']);
  });

  it('gives the recipient the receipt link at delivery, and composes the words of each message', () => {
    const list = planDeliveryMessages(services, d, 'delivered', { ...facts, signedBy: 'J. Doe' }, everyone);
    const sms = list.find((m) => m.audience === 'recipient' && m.channel === 'sms');
    expect(sms?.channel === 'sms' && sms.content.text).toMatch(/Confirm receipt: http:\/\/courier\.test\/receive\//);
    const notice = list.find((m) => m.channel === 'in_app');
    expect(notice?.content).toMatchObject({ deliveryId: d.id, title: 'Delivered' });
  });
});

describe('who hears of a medical event', () => {
  const accounts = [{ id: 's1', email: 'dispatch@courier.example', firstName: 'Hannah' }];
  const o = { email: 'kim@clinic.example', firstName: 'Kim', isDeleted: false };

  it('tells the accounts in the app and by e-mail, and the owner of a hold and a rejection whatever their preferences (a safety rule)', () => {
    expect([...OWNER_ALWAYS_HEARS].sort()).toEqual(['hold', 'pickup_refused', 'pieces_left', 'rejected']);
    for (const event of ['hold', 'rejected'] as const)
      expect(routes(planMedicalMessages(services, d, event, { accounts, owner: o }))).toEqual([
        'staff in_app s1',
        'staff email dispatch@courier.example',
        'owner in_app owner-1',
        'owner email kim@clinic.example',
      ]);
  });

  it('tells managers, and not the owner, of a STAT nobody took; a deleted owner hears of a hold in the app only', () => {
    expect(routes(planMedicalMessages(services, d, 'escalated', { accounts, owner: o }))).toEqual([
      'managers in_app s1',
      'managers email dispatch@courier.example',
    ]);
    expect(routes(planMedicalMessages(services, d, 'hold', { accounts: [], owner: { ...o, isDeleted: true } }))).toEqual([
      'owner in_app owner-1',
    ]);
  });

  it('asks a manager to record the disposition of a hold and tells STAFF a manager records it, each e-mail linking to the held delivery', () => {
    const crew = [
      { id: 's1', email: 'dispatch@courier.example', firstName: 'Hannah', roleId: ROLE_IDS.STAFF },
      { id: 'm1', email: 'manager@courier.example', firstName: 'Diego', roleId: ROLE_IDS.MANAGER },
    ];
    const list = planMedicalMessages(services, d, 'hold', { accounts: crew, owner: null });
    const inApp = (id: string) => list.find((m) => m.channel === 'in_app' && m.address === id)?.content as { message: string };
    expect(inApp('s1').message).toMatch(/A manager records the disposition/);
    expect(inApp('s1').message).not.toMatch(/Record a disposition/);
    expect(inApp('m1').message).toMatch(/Record a disposition\./);
    for (const mail of list.filter((m) => m.channel === 'email')) {
      const text = JSON.stringify(mail.content);
      expect(text).toContain(`http://courier.test/admin/deliveries/${d.id}`);
      expect(text).not.toContain('/admin/dashboard');
    }
  });
});
