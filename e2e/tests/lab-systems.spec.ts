import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { approveAndAssign, auth, screenshotsBothTo } from './support/lab-run.js';
import { cameraPhoto, desktop, personaPage } from './support/personas.js';

/**
 * Connected labs (issue 36): the account's owner registers the lab's FHIR client (its public key) and its HL7
 * interface engine on the integrations page; the lab's system gets a SMART Backend Services token with its private
 * key and books a pickup as a FHIR Task; the Task is on dispatch's board, and its status follows the driver.
 */

const shot = screenshotsBothTo(process.env.SHOTS);
const CODE = 'https://medcourier.example/fhir/CodeSystem/task-code';
const INPUT = 'https://medcourier.example/fhir/CodeSystem/task-input';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A SMART client assertion (ES384), signed as the lab's system signs it. */
function assertion(key: ReturnType<typeof generateKeyPairSync>['privateKey'], kid: string, clientId: string, tokenUrl: string) {
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64({ alg: 'ES384', kid, typ: 'JWT' })}.${b64({ iss: clientId, sub: clientId, aud: tokenUrl, exp: now + 240, jti: randomUUID() })}`;
  const signature = sign('sha384', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `${input}.${signature}`;
}

interface Task {
  id: string;
  status: string;
  businessStatus?: { text?: string; coding?: Array<{ code: string }> };
  identifier: Array<{ system?: string; value: string }>;
}

test.describe('connected labs', () => {
  test.describe.configure({ timeout: 300_000 });

  test('an owner connects the lab over FHIR and HL7; a FHIR Task is booked, dispatched and followed to delivery', async ({
    browser,
    app,
    request,
  }) => {
    const owner = app.account('CUSTOMER');
    const ownerToken = await loginViaApi(request, owner);
    // An engine's orders go between a saved pickup point and a saved recipient of the account's address book.
    const saved = { pickup: 'Phlebotomy (HL7 orders)', recipient: 'Core Lab (HL7 orders)' };
    for (const data of [
      { kind: 'pickup', label: saved.pickup, address: '55 Fruit St, Boston, MA 02114', contactName: 'Front desk', phone: '617-555-0100' },
      {
        kind: 'recipient',
        label: saved.recipient,
        address: '330 Brookline Ave, Boston, MA 02215',
        contactName: 'Core Lab Receiving',
        phone: '617-555-0199',
        email: 'receiving@lab.example.test',
      },
    ]) {
      const made = await request.post('/api/v1/addresses', { headers: auth(ownerToken), data });
      expect(made.status(), await made.text()).toBe(201);
    }
    const page = await personaPage(browser, app.baseURL, desktop, owner.email, owner.password, /\/user\/home$/);
    await page.goto('/account/integrations');
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    await expectAccessible(page, 'integrations page, nothing registered');

    // The FHIR client: the lab's public key set, pasted as JSON.
    const kid = `lis-${Date.now().toString(36)}`;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
    const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES384', use: 'sig' }] };
    const fhir = page.getByRole('region', { name: 'FHIR clients' });
    await fhir.getByLabel('Client name').fill('Core Lab LIS');
    await fhir.getByLabel('Public key set (JWKS, JSON)').fill(JSON.stringify(jwks, null, 2));
    await fhir.getByRole('button', { name: 'Register client' }).click();
    await expect(fhir.getByRole('list', { name: 'FHIR clients' }).getByText('Core Lab LIS')).toBeVisible();

    // The HL7 sender: the engine's sending facility, where it connects from, and where its orders go.
    const facility = `CORELAB${Date.now().toString(36).toUpperCase()}`;
    const hl7 = page.getByRole('region', { name: 'HL7 senders' });
    await hl7.getByLabel('Sending facility (MSH-4)').fill(facility);
    await hl7.getByLabel('Allowed addresses').fill('10.20.0.0/16\n127.0.0.1');
    await hl7.getByLabel('Pickup point').selectOption({ label: `${saved.pickup} · 55 Fruit St, Boston, MA 02114` });
    await hl7.getByLabel('Deliver to').selectOption({ label: `${saved.recipient} · 330 Brookline Ave, Boston, MA 02215` });
    await hl7.getByRole('button', { name: 'Register sender' }).click();
    await expect(hl7.getByRole('list', { name: 'HL7 senders' }).getByText(facility)).toBeVisible();
    await expectAccessible(page, 'integrations page, a FHIR client and an HL7 sender');
    await shot(page, 'integrations');

    // The lab's system: a token for its signed assertion, then a Task.
    const clients = (await (await request.get('/api/v1/integrations/fhir-clients', { headers: auth(ownerToken) })).json()) as {
      data: Array<{ clientId: string; name: string; tokenUrl: string }>;
    };
    const client = clients.data.find((c) => c.name === 'Core Lab LIS');
    expect(client).toBeTruthy();
    const { clientId, tokenUrl } = client as { clientId: string; tokenUrl: string };
    const tokenResponse = await request.post('/fhir/r4/auth/token', {
      form: {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion(privateKey, kid, clientId, tokenUrl),
        scope: 'system/Task.rs system/Task.c',
      },
    });
    expect(tokenResponse.status(), await tokenResponse.text()).toBe(200);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token: string };
    const lab = { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/fhir+json', Accept: 'application/fhir+json' };

    const order = `ORD-${Date.now().toString(36)}`;
    const booked = await request.post('/fhir/r4/Task', {
      headers: lab,
      data: {
        resourceType: 'Task',
        identifier: [{ system: 'urn:oid:2.16.840.1.113883.3.1234.1', value: order }],
        status: 'requested',
        intent: 'order',
        priority: 'routine',
        code: { coding: [{ system: CODE, code: 'specimen-pickup' }] },
        contained: [
          {
            resourceType: 'Location',
            id: 'pickup',
            name: 'MGH Phlebotomy',
            address: { line: ['55 Fruit St'], city: 'Boston', state: 'MA', postalCode: '02114' },
            telecom: [{ system: 'phone', value: '+1 617 555 0100' }],
          },
          {
            resourceType: 'Location',
            id: 'lab',
            name: 'Core Lab Receiving',
            address: { text: '330 Brookline Ave, Boston, MA 02215' },
            telecom: [
              { system: 'phone', value: '617-555-0199' },
              { system: 'email', value: `receiving-${order.toLowerCase()}@lab.example.test` },
            ],
          },
          ...['A', 'B'].map((tube, i) => ({
            resourceType: 'Specimen',
            id: `s${i + 1}`,
            accessionIdentifier: { value: `${order}-${tube}` },
            collection: { collectedDateTime: new Date(Date.now() - 3_600_000).toISOString() },
            container: [{ description: 'SST tube' }],
          })),
        ],
        location: { reference: '#pickup' },
        restriction: { period: { end: new Date(Date.now() + 2 * 86_400_000).toISOString() } },
        input: [
          { type: { coding: [{ system: INPUT, code: 'destination' }] }, valueReference: { reference: '#lab' } },
          { type: { coding: [{ system: INPUT, code: 'specimen' }] }, valueReference: { reference: '#s1' } },
          { type: { coding: [{ system: INPUT, code: 'specimen' }] }, valueReference: { reference: '#s2' } },
        ],
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const task = (await booked.json()) as Task;
    expect(task.status).toBe('requested');
    const orderId = task.identifier.find((i) => i.system?.endsWith('/tracking-number'))?.value as string;
    expect(orderId).toBeTruthy();
    const taskNow = async () => {
      const read = await request.get(`/fhir/r4/Task/${task.id}`, { headers: lab });
      expect(read.status(), await read.text()).toBe(200);
      return (await read.json()) as Task;
    };

    // Dispatch sees it on the board like any other request.
    const staff = app.account('STAFF');
    const board = await personaPage(browser, app.baseURL, desktop, staff.email, staff.password, /\/admin\/dashboard$/);
    await board.goto(`/admin/deliveries?q=${orderId}`);
    await expect(board.getByText(orderId).first()).toBeVisible();
    await expect(board.getByText('Core Lab Receiving').first()).toBeVisible();

    // Approved and assigned: accepted. The driver's hand-overs move it on, and the lab's system reads each.
    const staffToken = await loginViaApi(request, staff);
    await approveAndAssign(request, staffToken, task.id);
    await expect.poll(async () => (await taskNow()).status).toBe('accepted');
    const driverToken = await loginViaApi(request, app.account('DRIVER'));
    const move = async (data: object) => {
      const response = await request.post(`/api/v1/driver/deliveries/${task.id}/status`, { headers: auth(driverToken), data });
      expect(response.ok(), await response.text()).toBe(true);
    };
    await move({ status: 'moving_to_pickup_location' });
    // A FHIR Task's specimens are UN3373 unless it says otherwise: the driver attests the packaging at pickup.
    const packaging = Object.fromEntries(
      ['leakProofPrimary', 'absorbent', 'secondaryContainer', 'rigidOuter', 'un3373Mark', 'responsiblePersonOnOuter'].map((c) => [c, true]),
    );
    await move({ status: 'picked_up', scannedPieces: [`${orderId}-01`, `${orderId}-02`], packaging });
    const carried = await taskNow();
    expect(carried.status).toBe('in-progress');
    expect(JSON.stringify(carried.businessStatus)).toContain('picked_up');
    await board.goto(`/admin/deliveries/${task.id}`);
    await expect(board.getByText(/Picked up/).first()).toBeVisible();

    await move({ status: 'in_transit' });
    const proof = await request.post(`/api/v1/driver/deliveries/${task.id}/pod`, {
      headers: auth(driverToken),
      multipart: { photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() }, recipientName: 'Accessioning desk' },
    });
    expect(proof.ok(), await proof.text()).toBe(true);
    await expect.poll(async () => (await taskNow()).status).toBe('completed');

    // The lab's search finds it by its own order number.
    const search = await request.get('/fhir/r4/Task', { headers: lab, params: { identifier: order } });
    expect(search.status()).toBe(200);
    const bundle = (await search.json()) as { resourceType: string; entry?: Array<{ resource: Task }> };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.entry?.map((e) => e.resource.id)).toEqual([task.id]);
  });
});
