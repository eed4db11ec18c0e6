import { ACCOUNT_MESSAGES, ROLE_IDS } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountInvitations, auditEvents, customerAccounts, deliveries, users } from '../../db/schema/index.js';
import { createDelivery, createUser } from '../../db/seed/factories.js';
import { fixedClock } from '../../platform/clock.js';
import { useTestApp } from '../../test/test-app.js';
import { lastEmailTo, linkToken, post, signedIn as signIn, STRONG_PASSWORD } from '../auth/test-support.js';
import { TEST_NOW, validDeliveryForm } from '../deliveries/delivery-test-kit.js';

describe('account members and invitations', () => {
  const clock = fixedClock(TEST_NOW);
  const t = useTestApp({ clock });
  let n = 0;
  const unique = (name: string) => `${name}-${++n}@clinic.test`;

  async function person(extra: Parameters<typeof createUser>[1] = {}) {
    const { user } = await createUser(t.db, { role: 'CUSTOMER', email: unique('p'), ...extra });
    return { user, headers: await t.bearer(user), accountId: user.accountId as string };
  }
  /** An owner with a member on the account. */
  async function clinic() {
    const owner = await person({ organisation: 'Harbor Clinic', firstName: 'Olive', lastName: 'Owner' });
    const member = await person({ accountId: owner.accountId, accountRole: 'member', firstName: 'Nora', lastName: 'Nurse' });
    return { owner, member, accountId: owner.accountId };
  }
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers?: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const roleOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const invitationLink = async (email: string) => linkToken((await lastEmailTo(t, email))!.text, '/account/invitation');

  it('an owner invites a new person by e-mail; the link sets their password and makes them a customer member', async () => {
    const { owner, accountId } = await clinic();
    const email = unique('new.nurse');
    const res = await call('POST', '/api/v1/account/members', owner.headers, { email: email.toUpperCase(), role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email, role: 'member', invitedBy: 'Olive Owner' });
    const mail = await lastEmailTo(t, email);
    expect(mail?.subject).toBe('You are invited to join Harbor Clinic on MedCourier');
    expect(mail?.text).toContain('http://courier.test/account/invitation?token=');
    const token = await invitationLink(email);
    const pending = await call('GET', '/api/v1/account/invitations', owner.headers);
    expect(pending.json().data.map((i: { email: string }) => i.email)).toContain(email);

    const preview = await call('GET', `/api/v1/account/invitations/preview?token=${encodeURIComponent(token)}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      accountName: 'Harbor Clinic',
      email,
      role: 'member',
      existingUser: false,
      invitedBy: 'Olive Owner',
    });
    const weak = await post(t, '/api/v1/account/invitations/register', { token, firstName: 'Ned', lastName: 'New', password: 'short' });
    expect(weak.statusCode).toBe(400);
    const made = await post(t, '/api/v1/account/invitations/register', {
      token,
      firstName: 'Ned',
      lastName: 'New',
      password: STRONG_PASSWORD,
    });
    expect(made.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ roleId: ROLE_IDS.CUSTOMER, accountId, accountRole: 'member', firstName: 'Ned' });
    expect(row.emailVerifiedAt).not.toBeNull();
    // The link worked once.
    const again = await post(t, '/api/v1/account/invitations/register', {
      token,
      firstName: 'Ned',
      lastName: 'New',
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'INVITATION_INVALID', message: ACCOUNT_MESSAGES.invitationInvalid });
    const session = await signIn(t, email, STRONG_PASSWORD);
    const mine = await call('GET', '/api/v1/account', session.auth);
    expect(mine.json().data).toEqual({ role: 'member', account: { _id: accountId, name: 'Harbor Clinic' } });
    const booked = await call('POST', '/api/v1/deliveries', session.auth, validDeliveryForm());
    expect(booked.statusCode).toBe(201);
    const members = await call('GET', '/api/v1/account/members', owner.headers);
    expect(members.json().data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [email, 'member'],
        [owner.user.email, 'owner'],
      ]),
    );
    expect(
      (await call('GET', '/api/v1/account/invitations', owner.headers)).json().data.map((i: { email: string }) => i.email),
    ).not.toContain(email);
    const [joined] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.member.join'), eq(auditEvents.targetId, row.id)));
    expect(joined.details).toMatchObject({ before: null, after: { accountId, role: 'member' } });
    const [invited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.member.invite'), eq(auditEvents.targetId, accountId)));
    expect(invited.details).toMatchObject({ before: null, after: { email, role: 'member' } });
  });

  it('an existing customer accepts while signed in; their earlier deliveries stay billed to their old account', async () => {
    const { owner, accountId } = await clinic();
    const solo = await person({ firstName: 'Sol', lastName: 'Oakes' });
    const earlier = await createDelivery(t.db, { customerId: solo.user.id });
    await call('POST', '/api/v1/account/members', owner.headers, { email: solo.user.email, role: 'owner' });
    const token = await invitationLink(solo.user.email);
    expect((await call('GET', `/api/v1/account/invitations/preview?token=${encodeURIComponent(token)}`)).json().data.existingUser).toBe(
      true,
    );
    // A new-person sign-up with an e-mail that already signs in is refused: they accept instead.
    expect(
      (await post(t, '/api/v1/account/invitations/register', { token, firstName: 'X', lastName: 'Y', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(409);
    // Someone else's e-mail cannot use the link.
    const stranger = await person();
    const wrong = await call('POST', '/api/v1/account/invitations/accept', stranger.headers, { token });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.invitationOtherEmail);
    const ok = await call('POST', '/api/v1/account/invitations/accept', solo.headers, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ account: { _id: accountId, name: 'Harbor Clinic' }, member: { role: 'owner' } });
    expect(await roleOf(solo.user.id)).toMatchObject({ accountId, accountRole: 'owner' });
    const [old] = await t.db.select({ accountId: deliveries.accountId }).from(deliveries).where(eq(deliveries.id, earlier.id));
    expect(old.accountId).toBe(solo.accountId);
    const booked = await call('POST', '/api/v1/deliveries', solo.headers, validDeliveryForm());
    const [now] = await t.db.select({ accountId: deliveries.accountId }).from(deliveries).where(eq(deliveries.id, booked.json().data._id));
    expect(now.accountId).toBe(accountId);
    // The booker still reads their earlier delivery (billed to the old account).
    expect((await call('GET', `/api/v1/deliveries/${earlier.id}`, solo.headers)).statusCode).toBe(200);
    const used = await call('POST', '/api/v1/account/invitations/accept', solo.headers, { token });
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toBe('INVITATION_INVALID');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.member.join'), eq(auditEvents.targetId, solo.user.id)));
    expect(audit.details).toMatchObject({ before: { accountId: solo.accountId, role: 'owner' }, after: { accountId, role: 'owner' } });
  });

  it('refuses bad, expired and revoked tokens, and the last owner of an account with other people', async () => {
    const { owner, accountId } = await clinic();
    const other = await clinic();
    for (const token of ['nope', 'x'.repeat(43)]) {
      const res = await call('POST', '/api/v1/account/invitations/accept', other.owner.headers, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('INVITATION_INVALID');
      expect((await call('GET', `/api/v1/account/invitations/preview?token=${token}`)).statusCode).toBe(400);
    }
    // The other clinic's owner is its only owner and has a member: they cannot leave it.
    await call('POST', '/api/v1/account/members', owner.headers, { email: other.owner.user.email });
    const lastOwner = await call('POST', '/api/v1/account/invitations/accept', other.owner.headers, {
      token: await invitationLink(other.owner.user.email),
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toMatchObject({ error: 'LAST_OWNER', message: ACCOUNT_MESSAGES.lastOwner });
    expect(await roleOf(other.owner.user.id)).toMatchObject({ accountId: other.accountId, accountRole: 'owner' });

    const late = await person();
    await call('POST', '/api/v1/account/members', owner.headers, { email: late.user.email });
    const lateToken = await invitationLink(late.user.email);
    await t.db
      .update(accountInvitations)
      .set({ expiresAt: new Date(new Date(TEST_NOW).getTime() - 1000) })
      .where(and(eq(accountInvitations.accountId, accountId), eq(accountInvitations.email, late.user.email)));
    expect((await call('POST', '/api/v1/account/invitations/accept', late.headers, { token: lateToken })).json().error).toBe(
      'INVITATION_INVALID',
    );

    const revoked = await person();
    const invited = await call('POST', '/api/v1/account/members', owner.headers, { email: revoked.user.email });
    const revokedToken = await invitationLink(revoked.user.email);
    // Another account's owner cannot withdraw it; the member of this one neither.
    expect((await call('DELETE', `/api/v1/account/invitations/${invited.json().data._id}`, other.owner.headers)).statusCode).toBe(404);
    const { member } = await clinic();
    expect((await call('DELETE', `/api/v1/account/invitations/${invited.json().data._id}`, member.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/account/invitations/${invited.json().data._id}`, owner.headers)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/account/invitations/accept', revoked.headers, { token: revokedToken })).json().error).toBe(
      'INVITATION_INVALID',
    );
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'account.member.invitation_revoke'));
    expect(audit.details).toMatchObject({ before: { email: revoked.user.email, status: 'pending' }, after: { status: 'revoked' } });

    // Staff and drivers cannot be invited; someone already on the account neither.
    const driver = await createUser(t.db, { role: 'DRIVER', email: unique('driver') });
    expect((await call('POST', '/api/v1/account/members', owner.headers, { email: driver.user.email })).statusCode).toBe(409);
    const again = await call('POST', '/api/v1/account/members', owner.headers, { email: owner.user.email });
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.alreadyMember);
  });

  it('owners change roles; an account keeps at least one owner; members and strangers manage nothing', async () => {
    const { owner, member, accountId } = await clinic();
    const stranger = await clinic();
    const ownersOwn = await createDelivery(t.db, { customerId: member.user.id });
    const patch = (who: { headers: Record<string, string> }, id: string, role: string) =>
      call('PATCH', `/api/v1/account/members/${id}`, who.headers, { role });
    const last = await patch(owner, owner.user.id, 'member');
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe('LAST_OWNER');
    expect((await patch(member, owner.user.id, 'member')).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/account/members', member.headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/account/members', member.headers, { email: unique('x') })).statusCode).toBe(403);
    expect((await patch(stranger.owner, member.user.id, 'owner')).statusCode).toBe(404);
    expect((await patch(owner, stranger.member.user.id, 'owner')).statusCode).toBe(404);
    expect((await patch(owner, 'not-an-id', 'owner')).statusCode).toBe(404);
    expect((await patch(owner, member.user.id, 'boss')).statusCode).toBe(400);
    const promoted = await patch(owner, member.user.id, 'owner');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ _id: member.user.id, role: 'owner' });
    // With a second owner the first may step down.
    expect((await patch(owner, owner.user.id, 'member')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/account', owner.headers)).json().data.role).toBe('member');
    // Stepped down, they lose the account's view at once (the role is read with every request).
    expect((await call('GET', `/api/v1/deliveries/${ownersOwn.id}`, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/deliveries/${ownersOwn.id}`, member.headers)).statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.member.role'), eq(auditEvents.targetId, member.user.id)));
    expect(audit.details).toEqual({ accountId, before: { role: 'member' }, after: { role: 'owner' } });
  });

  it('removing someone gives them an account of their own; their past deliveries stay with the account', async () => {
    const { owner, member, accountId } = await clinic();
    const past = await createDelivery(t.db, { customerId: member.user.id });
    const lastOwner = await call('DELETE', `/api/v1/account/members/${owner.user.id}`, owner.headers);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error).toBe('LAST_OWNER');
    expect((await call('DELETE', `/api/v1/account/members/${member.user.id}`, member.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/account/members/${member.user.id}`, owner.headers)).statusCode).toBe(200);
    const moved = await roleOf(member.user.id);
    expect(moved.accountId).not.toBe(accountId);
    expect(moved.accountRole).toBe('owner');
    const [own] = await t.db
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, moved.accountId as string));
    expect(own.name).toBe('Nora Nurse');
    expect((await call('GET', '/api/v1/account', member.headers)).json().data).toMatchObject({
      role: 'owner',
      account: { name: 'Nora Nurse' },
    });
    // The delivery stays billed to the clinic: its owner still sees it, the person who booked it too.
    const [row] = await t.db.select({ accountId: deliveries.accountId }).from(deliveries).where(eq(deliveries.id, past.id));
    expect(row.accountId).toBe(accountId);
    expect((await call('GET', `/api/v1/deliveries/${past.id}`, owner.headers)).statusCode).toBe(200);
    const list = await call('GET', '/api/v1/deliveries/my-deliveries', owner.headers);
    expect(list.json().deliveries.map((d: { _id: string }) => d._id)).toContain(past.id);
    // Removed again from nowhere: 404.
    expect((await call('DELETE', `/api/v1/account/members/${member.user.id}`, owner.headers)).statusCode).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.member.remove'), eq(auditEvents.targetId, member.user.id)));
    expect(audit.details).toEqual({ before: { accountId, role: 'member' }, after: { accountId: moved.accountId, role: 'owner' } });
  });

  it('owners see every delivery of the account with who booked it and a bookedBy filter; members only their own', async () => {
    const { owner, member, accountId } = await clinic();
    const other = await clinic();
    const mine = await createDelivery(t.db, {
      customerId: owner.user.id,
      createdAt: new Date(new Date(TEST_NOW).getTime() - 3 * 86_400_000),
    });
    const theirs = await createDelivery(t.db, {
      customerId: member.user.id,
      createdAt: new Date(new Date(TEST_NOW).getTime() - 10 * 86_400_000),
    });
    const theirs2 = await createDelivery(t.db, {
      customerId: member.user.id,
      status: 'delivered',
      createdAt: new Date(new Date(TEST_NOW).getTime() - 86_400_000),
    });
    const outsider = await createDelivery(t.db, { customerId: other.member.user.id });
    const list = (who: { headers: Record<string, string> }, query = '') =>
      call('GET', `/api/v1/deliveries/my-deliveries${query}`, who.headers);

    const all = (await list(owner)).json();
    expect(all.deliveries.map((d: { _id: string }) => d._id)).toEqual([theirs2.id, mine.id, theirs.id]);
    expect(all.totalDeliveries).toBe(3);
    expect(all.completedDeliveries).toBe(1);
    expect(all.bookedBy[theirs.id]).toEqual({ _id: member.user.id, name: 'Nora Nurse' });
    expect(all.bookedBy[mine.id]).toEqual({ _id: owner.user.id, name: 'Olive Owner' });
    const paged = (await list(owner, '?limit=10&page=1&sort=oldest')).json();
    expect(paged.deliveries.map((d: { _id: string }) => d._id)).toEqual([theirs.id, mine.id, theirs2.id]);

    const byNurse = (await list(owner, `?bookedBy=${member.user.id}`)).json();
    expect(byNurse.deliveries.map((d: { _id: string }) => d._id)).toEqual([theirs2.id, theirs.id]);
    expect(byNurse.totalDeliveries).toBe(2);
    const completedByNurse = (await list(owner, `?bookedBy=${member.user.id}&status=completed`)).json();
    expect(completedByNurse.deliveries.map((d: { _id: string }) => d._id)).toEqual([theirs2.id]);
    // A person of another account: nothing, never their deliveries.
    expect((await list(owner, `?bookedBy=${other.member.user.id}`)).json().deliveries).toEqual([]);
    expect((await list(owner, '?bookedBy=nope')).statusCode).toBe(400);
    // A search runs within the account.
    expect((await list(owner, `?q=${theirs.orderId.toLowerCase()}`)).json().deliveries.map((d: { _id: string }) => d._id)).toEqual([
      theirs.id,
    ]);
    expect((await list(owner, `?q=${outsider.orderId.toLowerCase()}`)).json().deliveries).toEqual([]);

    const memberList = (await list(member, `?bookedBy=${owner.user.id}`)).json();
    expect(memberList.deliveries.map((d: { _id: string }) => d._id)).toEqual([theirs2.id, theirs.id]);
    expect(memberList.bookedBy).toBeUndefined();
    expect(accountId).toBe(mine.accountId);
  });

  it("another account's deliveries stay 404 on every path; a member cannot reach the owner's", async () => {
    const { owner, member } = await clinic();
    const other = await clinic();
    const nurses = await createDelivery(t.db, { customerId: member.user.id, status: 'pending' });
    const owners = await createDelivery(t.db, { customerId: owner.user.id, status: 'pending' });
    // The owner reads, labels and cancels the nurse's booking.
    expect((await call('GET', `/api/v1/deliveries/${nurses.id}`, owner.headers)).json().data.timeline).toBeDefined();
    expect((await call('GET', `/api/v1/deliveries/${nurses.orderId}`, owner.headers)).statusCode).toBe(200);
    const label = await call('GET', `/api/v1/deliveries/${nurses.id}/label`, owner.headers);
    expect(label.statusCode).toBe(200);
    // Its signed PDF link, minted for the owner, opens for the owner.
    expect((await t.app.inject(label.json().data.pdfUrl)).statusCode).toBe(200);
    for (const stranger of [other.owner, other.member]) {
      for (const id of [nurses.id, nurses.orderId]) {
        expect((await call('GET', `/api/v1/deliveries/${id}`, stranger.headers)).statusCode).toBe(404);
        expect((await call('GET', `/api/v1/deliveries/${id}/label`, stranger.headers)).statusCode).toBe(404);
        expect((await call('POST', `/api/v1/deliveries/${id}/cancel`, stranger.headers, {})).statusCode).toBe(404);
      }
    }
    // A member does not reach the owner's booking (nor another member's).
    expect((await call('GET', `/api/v1/deliveries/${owners.id}`, member.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/deliveries/${owners.id}/label`, member.headers)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/deliveries/${owners.id}/cancel`, member.headers, {})).statusCode).toBe(404);
    // The label's file through a Bearer token: the owner yes, another account no.
    const labelFile = label.json().data.pdfUrl.match(/files\/([0-9a-f-]{36})/)?.[1];
    expect(labelFile).toBeTruthy();
    expect((await call('GET', `/api/v1/files/${labelFile}`, owner.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/files/${labelFile}`, other.owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/files/${labelFile}`, other.member.headers)).statusCode).toBe(404);
    const cancelled = await call('POST', `/api/v1/deliveries/${nurses.id}/cancel`, owner.headers, { reason: 'Booked twice' });
    expect(cancelled.statusCode).toBe(200);
  });

  it('administrators open an account by hand with its first owner invited; managers cannot', async () => {
    const { user: admin } = await createUser(t.db, { role: 'ADMIN', email: unique('admin') });
    const { user: manager } = await createUser(t.db, { role: 'MANAGER', email: unique('manager') });
    const ownerEmail = unique('director');
    const payload = { name: 'Quincy Dialysis', billingEmail: 'ap@quincy.test', ownerEmail };
    expect((await call('POST', '/api/v1/admin/accounts', await t.bearer(manager), payload)).statusCode).toBe(403);
    const { headers: customer } = await person();
    expect((await call('POST', '/api/v1/admin/accounts', customer, payload)).statusCode).toBe(403);
    const res = await call('POST', '/api/v1/admin/accounts', await t.bearer(admin), payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Quincy Dialysis', billingEmail: 'ap@quincy.test', paymentTermsDays: 30, members: 0 });
    const id = res.json().data._id;
    const token = await invitationLink(ownerEmail);
    expect((await call('GET', `/api/v1/account/invitations/preview?token=${encodeURIComponent(token)}`)).json().data).toMatchObject({
      accountName: 'Quincy Dialysis',
      role: 'owner',
    });
    expect(
      (await post(t, '/api/v1/account/invitations/register', { token, firstName: 'Dee', lastName: 'Rector', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(201);
    const session = await signIn(t, ownerEmail, STRONG_PASSWORD);
    expect((await call('GET', '/api/v1/account', session.auth)).json().data).toMatchObject({
      role: 'owner',
      account: { _id: id, members: 1 },
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.create'), eq(auditEvents.targetId, id)));
    expect(audit.details).toMatchObject({ before: null, after: { name: 'Quincy Dialysis', ownerInvited: ownerEmail } });
    const bad = await call('POST', '/api/v1/admin/accounts', await t.bearer(admin), { name: '', billingEmail: 'x', ownerEmail });
    expect(bad.statusCode).toBe(400);
  });

  it('an account opened by hand carries its credit limit and policy, rate card and PO rule from the start', async () => {
    const { user: admin } = await createUser(t.db, { role: 'ADMIN', email: unique('admin') });
    const headers = await t.bearer(admin);
    const price = { baseCents: 1500, includedMiles: 5, perMileCents: 100, minimumCents: 1500 };
    const card = await call('POST', '/api/v1/admin/rate-cards', headers, {
      name: 'Opened by hand',
      currency: 'USD',
      deliveryTypes: { STANDARD: price, EXPRESS: price, SAME_DAY: price, NEXT_DAY: price },
    });
    expect(card.statusCode).toBe(201);
    const rateCardId = card.json().data._id;
    const base = { name: 'Bayside Pharmacy', billingEmail: 'ap@bayside.test', paymentTermsDays: 45, ownerEmail: unique('pharmacist') };
    const res = await call('POST', '/api/v1/admin/accounts', headers, {
      ...base,
      creditLimitCents: 250_000,
      creditPolicy: 'enforce',
      rateCardId,
      poRequired: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      paymentTermsDays: 45,
      creditLimitCents: 250_000,
      creditPolicy: 'enforce',
      rateCardId,
      poRequired: true,
      members: 0,
    });
    const [row] = await t.db.select().from(customerAccounts).where(eq(customerAccounts.id, res.json().data._id));
    expect(row).toMatchObject({ creditLimitCents: 250_000, creditPolicy: 'enforce', rateCardId, poRequired: true });

    const noCard = await call('POST', '/api/v1/admin/accounts', headers, { ...base, rateCardId: '00000000-0000-4000-8000-000000000000' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json()).toMatchObject({ error: 'BAD_REQUEST', field: 'rateCardId' });
    const badPolicy = await call('POST', '/api/v1/admin/accounts', headers, { ...base, creditPolicy: 'sometimes' });
    expect(badPolicy.statusCode).toBe(400);
    expect(badPolicy.json().message).toContain('creditPolicy');
    const { user: driver } = await createUser(t.db, { role: 'DRIVER', email: unique('driver') });
    const staffOwner = await call('POST', '/api/v1/admin/accounts', headers, { ...base, ownerEmail: driver.email });
    expect(staffOwner.statusCode).toBe(409);
    expect(staffOwner.json()).toMatchObject({ error: 'CONFLICT', message: ACCOUNT_MESSAGES.notCustomer });
    const plain = await call('POST', '/api/v1/admin/accounts', headers, { ...base, ownerEmail: unique('plain') });
    expect(plain.json().data).toMatchObject({ creditLimitCents: null, creditPolicy: 'ignore', rateCardId: null, poRequired: false });
  });
});
