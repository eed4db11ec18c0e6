import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { newPerson, registerVerified, toast } from './support/accounts.js';
import { approveAndAssign, auth, bookSpecimen, localInput, receivingPath, screenshotsBothTo } from './support/lab-run.js';
import { cameraPhoto, desktop, loopbackPage, personaPage, phone } from './support/personas.js';

/**
 * Pieces and the lab door (issue 35): a clinic books three bags with accession numbers; the driver scans two and
 * leaves one "not ready"; a second clinic's cooler joins the van; the lab reconciles both by typing barcodes as a
 * scanner would and marks one damaged; dispatch works the cases; the customer sees each piece and its case.
 */

const shot = screenshotsBothTo(process.env.SHOTS);
const LAB = '1 Pathology Way, Boston, MA 02115';

test.describe('pieces and the lab door', () => {
  test.describe.configure({ timeout: 420_000 });

  test('three bags and a cooler from two clinics: scanned at pickup, one left not ready, reconciled at the lab, cases worked, seen by the clinic', async ({
    browser,
    app,
    mail,
    request,
  }) => {
    const base = app.baseURL;
    const labEmail = `core-lab-${Date.now().toString(36)}@example.test`;

    // The first clinic books three bags through the form, typing the accessions as a hand scanner would (Enter moves on).
    const clinic = app.account('CUSTOMER');
    const customer = await personaPage(browser, base, desktop, clinic.email, clinic.password, /\/user\/home$/);
    await customer.goto('/order-delivery');
    await expect(customer.getByRole('combobox', { name: 'Pickup address' })).not.toHaveValue('');
    await customer.getByRole('button', { name: 'Next' }).click();
    await customer.getByLabel('Recipient name').fill('Core Lab Receiving');
    await customer.getByLabel('Recipient phone').fill('(617) 555-0177');
    await customer.getByLabel('Recipient e-mail').fill(labEmail);
    await customer.getByRole('combobox', { name: 'Delivery address' }).fill(LAB);
    await customer.getByLabel('Required by (date and time)').fill(localInput(new Date(Date.now() + 2 * 86_400_000)));
    await customer.getByRole('button', { name: 'Next' }).click();
    await customer.getByLabel('Package type').selectOption('SPECIMEN');
    await customer.getByLabel('Category').selectOption('exempt');
    await customer.getByLabel('Collected at').fill(localInput(new Date(Date.now() - 3_600_000)));
    await customer.getByLabel('Stable for (hours)').fill('48');
    await customer.getByLabel('How many pieces?').fill('3');
    const accessions = ['ACC-240117', 'ACC-240118', 'ACC-240119'];
    for (let i = 1; i <= 3; i++) await customer.getByLabel(`Piece ${i} kind`).selectOption('bag');
    await customer.getByLabel('Piece 1 accession or requisition number').click();
    for (const [i, accession] of accessions.entries()) {
      await customer.keyboard.type(accession);
      await customer.keyboard.press('Enter');
      // The scanner's Enter moves to the next piece rather than sending the form.
      if (i < 2) await expect(customer.getByLabel(`Piece ${i + 2} accession or requisition number`)).toBeFocused();
    }
    await expect(customer.getByRole('button', { name: 'Submit Request' })).toBeVisible();
    await expectAccessible(customer, 'booking form with three pieces');
    await shot(customer, 'booking-pieces');
    await customer.getByRole('button', { name: 'Submit Request' }).click();
    await expect(customer.getByRole('heading', { name: 'Delivery request submitted successfully!' })).toBeVisible();
    const orderId = ((await customer.getByText(/^MC[0-9A-Z]{10}$/).textContent()) ?? '').trim();
    const bag = (seq: number) => `${orderId}-0${seq}`;

    const staffToken = await loginViaApi(request, app.account('STAFF'));
    const found = await request.get('/api/v1/admin/deliveries', { params: { q: orderId }, headers: auth(staffToken) });
    const booked = ((await found.json()) as { deliveries: Array<{ _id: string; pieces: Array<{ barcode: string; accession: string }> }> })
      .deliveries[0];
    expect(booked.pieces.map((p) => `${p.barcode} ${p.accession}`)).toEqual(accessions.map((a, i) => `${bag(i + 1)} ${a}`));

    // A second clinic (its own account) books a cooler for the same lab.
    const fenway = Object.assign(newPerson('fenway'), { organisation: 'Fenway Family Clinic' });
    await registerVerified(request, mail, fenway);
    const cooler = await bookSpecimen(request, await loginViaApi(request, fenway), {
      pickupAddress: '1 Kendall Sq, Cambridge, MA 02139',
      deliveryAddress: LAB,
      recipientEmail: labEmail,
      pieces: [{ kind: 'cooler', description: 'Frozen serum', accession: 'FZ-7781' }],
    });
    const coolerPiece = `${cooler.orderId}-01`;

    // Dispatch approves both and gives them to one driver (the board's approve and assign have their own journeys).
    await approveAndAssign(request, staffToken, booked._id);
    await approveAndAssign(request, staffToken, cooler.id);

    // The driver, on a phone: two bags scanned by typing their barcodes, the third left behind as not ready.
    const drv = app.account('DRIVER');
    const driver = await personaPage(browser, base, phone, drv.email, drv.password, /\/driver\/home$/);
    await driver.getByRole('link', { name: new RegExp(`#${orderId}`) }).click();
    await driver.getByRole('button', { name: 'Start pickup run' }).click();
    await expect(driver.getByText('Moving to pickup').first()).toBeVisible();
    await driver.getByRole('button', { name: 'Check parcel & pick up' }).click();
    const scanField = driver.getByLabel(/^Piece barcode/);
    await expect(driver.getByText('Piece barcode (0 of 3 scanned)')).toBeVisible();
    for (const seq of [1, 2]) {
      await scanField.pressSequentially(bag(seq).toLowerCase());
      await scanField.press('Enter');
    }
    await expect(driver.getByText('Piece barcode (2 of 3 scanned)')).toBeVisible();
    // A label of another job is refused on the spot.
    await scanField.pressSequentially(coolerPiece);
    await scanField.press('Enter');
    await expect(toast(driver, `This label reads ${coolerPiece}: it is not one of this job's pieces. Check the parcel.`)).toBeVisible();
    // Confirming with the third neither scanned nor named says which one is open.
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(toast(driver, 'Scan every piece or say why it stays (left: 3).')).toBeVisible();
    await driver.getByLabel('Why piece 3 stays').selectOption('not_ready');
    const pieceRows = driver.getByRole('listitem').filter({ hasText: /^Piece \d/ });
    await expect(pieceRows.filter({ hasText: 'Piece 1 · Bag · ACC-240117' })).toContainText('Scanned');
    await expect(pieceRows.filter({ hasText: 'Piece 3 · Bag · ACC-240119' })).toContainText('Stays behind');
    await expectAccessible(driver, 'driver pickup with pieces');
    await shot(driver, 'driver-pickup-pieces');
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(toast(driver, `#${orderId} picked up`)).toBeVisible();

    // The cooler is one piece: its label's number, as for any one-parcel job.
    await driver.goto('/driver/home');
    await driver.getByRole('link', { name: new RegExp(`#${cooler.orderId}`) }).click();
    await driver.getByRole('button', { name: 'Start pickup run' }).click();
    await driver.getByRole('button', { name: 'Check parcel & pick up' }).click();
    await driver.getByLabel('Tracking number on the label').fill(coolerPiece);
    await driver.getByRole('button', { name: 'Confirm pickup' }).click();
    await expect(toast(driver, `#${cooler.orderId} picked up`)).toBeVisible();

    // Both dropped at the lab.
    for (const id of [orderId, cooler.orderId]) {
      await driver.goto('/driver/home');
      await driver.getByRole('link', { name: new RegExp(`#${id}`) }).click();
      await driver.getByRole('button', { name: 'Start delivery run' }).click();
      await driver.getByRole('button', { name: 'Deliver with proof' }).click();
      await driver.getByLabel('Take a photo').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
      await driver.getByLabel('Received by').fill('Lab tech Ana Ruiz');
      await driver.getByRole('button', { name: 'Confirm delivery' }).click();
      await expect(toast(driver, `#${id} delivered`)).toBeVisible();
    }

    // The lab opens the receiving link of the delivered e-mail: one manifest, both clinics.
    const lab = await loopbackPage(browser, base, desktop);
    await lab.goto(await receivingPath(mail, labEmail));
    const scanner = lab.getByLabel('Scan a piece');
    await expect(scanner).toBeFocused();
    await expect(lab.getByText('2 deliveries, 3 pieces expected.', { exact: false })).toBeVisible();
    const row = (barcode: string) => lab.locator(`li[data-barcode="${barcode}"]`);
    await expect(row(bag(1))).toContainText('Bag · ACC-240117');
    await expect(row(bag(3))).toContainText('Left at the clinic');
    await expect(row(coolerPiece)).toContainText('Fenway Family Clinic · Cooler · FZ-7781');
    for (const barcode of [bag(1), coolerPiece, bag(2)]) {
      await scanner.pressSequentially(barcode);
      await scanner.press('Enter');
      await expect(lab.getByRole('status').filter({ hasText: `${barcode}: received` })).toBeVisible();
      await expect(scanner).toBeFocused();
    }
    await expect(lab.getByTestId('lab-count')).toHaveText('3');
    // The second bag is cracked: the technician taps Damaged.
    await row(bag(2))
      .getByRole('button', { name: `Damaged ${bag(2)}` })
      .click();
    await expect(row(bag(2))).toContainText('Damaged');
    await lab.getByLabel('Received by').fill('R. Tech');
    await expectAccessible(lab, 'receiving page with scans');
    await shot(lab, 'receiving');
    await lab.getByRole('button', { name: /^Submit/ }).click();
    await expect(lab.getByText('This manifest is reconciled. Thank you.')).toBeVisible();
    await expect(lab.getByRole('listitem').filter({ hasText: bag(2) })).toContainText('Damaged');
    await expect(lab.getByRole('listitem').filter({ hasText: bag(3) })).toContainText('Not handed over');
    await expect(lab.getByRole('listitem').filter({ hasText: coolerPiece })).toContainText('Received');
    await expectAccessible(lab, 'receiving page reconciled');
    await shot(lab, 'receiving-done');

    // Dispatch: one case for the bag left behind, one for the damaged bag.
    const stf = app.account('STAFF');
    const staff = await personaPage(browser, base, desktop, stf.email, stf.password, /\/admin\/dashboard$/);
    await staff.getByRole('link', { name: 'Discrepancies' }).first().click();
    await expect(staff).toHaveURL(/\/admin\/discrepancies$/);
    const caseRow = (barcode: string) => staff.getByRole('row').filter({ hasText: barcode });
    await expect(caseRow(bag(3))).toContainText('Not handed over at pickup');
    await expect(caseRow(bag(2))).toContainText('Damaged');
    await expect(caseRow(bag(2))).toContainText('Open');
    await expect(caseRow(bag(1))).toHaveCount(0);
    await expect(caseRow(coolerPiece)).toHaveCount(0);
    await expectAccessible(staff, 'discrepancy list');
    await shot(staff, 'discrepancies');
    // The kind filter is kept in the address.
    await staff.getByLabel('Kind').selectOption('damaged');
    await expect(staff).toHaveURL(/kind=damaged/);
    await expect(caseRow(bag(3))).toHaveCount(0);
    await caseRow(bag(2)).getByRole('link', { name: 'Damaged' }).click();
    await expect(staff.getByRole('heading', { name: 'Damaged', level: 1 })).toBeVisible();
    await expect(staff.getByRole('definition').filter({ hasText: 'Damaged at the lab (R. Tech)' })).toBeVisible();
    await expectAccessible(staff, 'discrepancy detail, open');
    await shot(staff, 'discrepancy-detail');
    await staff.getByRole('button', { name: 'Start investigating' }).click();
    const header = staff.locator('header').filter({ has: staff.getByRole('heading', { level: 1 }) });
    await expect(header.getByText('Investigating')).toBeVisible();
    await staff.getByLabel('Resolution').fill('Bag cracked in transit; clinic re-collecting ACC-240118 tomorrow, no charge.');
    await staff.getByRole('button', { name: 'Resolve the case' }).click();
    await expect(header.getByText('Resolved')).toBeVisible();
    await expect(
      staff.getByRole('definition').filter({ hasText: 'Bag cracked in transit; clinic re-collecting ACC-240118 tomorrow, no charge.' }),
    ).toBeVisible();
    await expectAccessible(staff, 'discrepancy detail, resolved');
    await shot(staff, 'discrepancy-resolved');

    // The clinic sees each piece's status and both cases on its delivery page.
    await customer.goto(`/delivery/${booked._id}`);
    const card = (title: string) => customer.getByRole('heading', { name: title }).locator('xpath=ancestor::section[1]');
    const pieces = card('Pieces (3)');
    await expect(pieces.getByRole('listitem').filter({ hasText: bag(1) })).toContainText('Received');
    await expect(pieces.getByRole('listitem').filter({ hasText: bag(2) })).toContainText('Damaged');
    await expect(pieces.getByRole('listitem').filter({ hasText: bag(3) })).toContainText('Not handed over');
    const cases = card('Discrepancy cases');
    await expect(cases.getByRole('listitem').filter({ hasText: 'Damaged' })).toContainText('Resolved');
    await expect(cases.getByRole('listitem').filter({ hasText: 'Not handed over at pickup' })).toContainText('Open');
    await expectAccessible(customer, 'customer delivery page with pieces and cases');
    await shot(customer, 'customer-delivery-pieces');
  });
});
