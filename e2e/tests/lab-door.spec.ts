import { expectAccessible } from '../fixtures/accessibility.js';
import { loginViaApi } from '../fixtures/api-helpers.js';
import { expect, test } from '../fixtures/index.js';
import { approveAndAssign, auth, bookSpecimen, receivingPath, screenshotsBothTo } from './support/lab-run.js';
import { cameraPhoto, desktop, loopbackPage } from './support/personas.js';

/**
 * The lab door at volume (issue 35's target): 50 pieces off one van, reconciled by a hand scanner (keystrokes and
 * Enter into the field that keeps focus). Measured in the browser: each scan answers in under 100 ms (from the
 * Enter to the frame that shows the result), the whole reconciliation in under 3 minutes. An unexpected barcode
 * is shown and recorded as unexpected.
 */

const shot = screenshotsBothTo(process.env.SHOTS);
const LAB = '77 Accessioning Dock, Boston, MA 02215';
const DELIVERIES = 5;
const PIECES_EACH = 10;
const STRAY = 'MCZZZZZZZZZZ-07';

declare global {
  interface Window {
    __scans?: { code: string; ms: number }[];
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

test.describe('the lab door at volume', () => {
  test.describe.configure({ timeout: 360_000 });

  test('50 pieces from one van reconciled by scanner: each scan answers in under 100 ms, all in under 3 minutes; a stray is unexpected', async ({
    browser,
    app,
    mail,
    request,
  }, testInfo) => {
    const labEmail = `receiving-${Date.now().toString(36)}@example.test`;
    const customerToken = await loginViaApi(request, app.account('CUSTOMER'));
    const staffToken = await loginViaApi(request, app.account('STAFF'));
    const driverToken = await loginViaApi(request, app.account('DRIVER'));

    // Setup through the API (booking, dispatch and the driver's hand-overs have their own journeys): five
    // deliveries of ten bags, picked up with every piece scanned and dropped at one lab by one driver.
    const barcodes: string[] = [];
    for (let d = 0; d < DELIVERIES; d++) {
      const pieces = Array.from({ length: PIECES_EACH }, (_, i) => ({ kind: 'bag' as const, accession: `L${d + 1}-${1001 + i}` }));
      const job = await bookSpecimen(request, customerToken, {
        pickupAddress: '55 Fruit St, Boston, MA 02114',
        deliveryAddress: LAB,
        recipientEmail: labEmail,
        recipientName: 'Accessioning',
        pieces,
      });
      await approveAndAssign(request, staffToken, job.id);
      const mine = pieces.map((_, i) => `${job.orderId}-${String(i + 1).padStart(2, '0')}`);
      barcodes.push(...mine);
      const move = async (data: object) => {
        const response = await request.post(`/api/v1/driver/deliveries/${job.id}/status`, { headers: auth(driverToken), data });
        expect(response.ok(), await response.text()).toBe(true);
      };
      await move({ status: 'moving_to_pickup_location' });
      await move({ status: 'picked_up', scannedPieces: mine });
      await move({ status: 'in_transit' });
      const proof = await request.post(`/api/v1/driver/deliveries/${job.id}/pod`, {
        headers: auth(driverToken),
        multipart: {
          photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() },
          recipientName: 'Accessioning desk',
        },
      });
      expect(proof.ok(), await proof.text()).toBe(true);
    }
    expect(barcodes).toHaveLength(50);

    const lab = await loopbackPage(browser, app.baseURL, desktop);
    await lab.goto(await receivingPath(mail, labEmail));
    const scanner = lab.getByLabel('Scan a piece');
    await expect(scanner).toBeFocused();
    await expect(lab.getByText(`${DELIVERIES} deliveries, 50 pieces expected.`, { exact: false })).toBeVisible();
    await expect(lab.locator('li[data-barcode]')).toHaveCount(50);
    await expectAccessible(lab, 'receiving page with 50 pieces');

    // In the page: from each Enter to the frame in which the result is on screen.
    await lab.evaluate(() => {
      window.__scans = [];
      const input = document.getElementById('lab-scan') as HTMLInputElement;
      const status = input.parentElement?.querySelector('[role="status"]') as HTMLElement;
      let pending: { code: string; t0: number } | null = null;
      input.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter') pending = { code: input.value.trim().toUpperCase(), t0: performance.now() };
        },
        true,
      );
      new MutationObserver(() => {
        const p = pending;
        if (!p || !status.textContent?.startsWith(`${p.code}:`)) return;
        pending = null;
        requestAnimationFrame(() => window.__scans?.push({ code: p.code, ms: performance.now() - p.t0 }));
      }).observe(status, { childList: true, characterData: true, subtree: true });
    });

    // A person's time: the scanning and the submitting, clocked around what the technician does (the journey's own
    // checks between them, axe and the text assertions, are left out).
    let personMs = 0;
    const timed = async (step: () => Promise<unknown>) => {
      const t0 = Date.now();
      await step();
      personMs += Date.now() - t0;
    };
    const scan = (code: string, n: number) =>
      timed(async () => {
        // A hand scanner types the label's characters and presses Enter.
        await scanner.pressSequentially(code);
        await scanner.press('Enter');
        await lab.waitForFunction((count) => (window.__scans?.length ?? 0) >= count, n);
      });
    for (const [i, code] of barcodes.entries()) {
      await scan(code, i + 1);
      if (i === 24) {
        // Half-way, a bag from another run turns up in the tote.
        await scan(STRAY, 26);
        await expect(lab.getByRole('status').filter({ hasText: `${STRAY}: not on this manifest, recorded as unexpected` })).toBeVisible();
        await expect(lab.getByText('25 of 50 accounted for, 1 not on the manifest')).toBeVisible();
        await expect(scanner).toBeFocused();
        await expectAccessible(lab, 'receiving page after an unexpected scan');
      }
    }
    await expect(lab.getByTestId('lab-count')).toHaveText('50');
    await expect(lab.getByText('50 of 50 accounted for, 1 not on the manifest')).toBeVisible();
    await shot(lab, 'receiving-50');
    await timed(async () => {
      await lab.getByLabel('Received by').fill('M. Okonkwo, accessioning');
      await lab.getByRole('button', { name: 'Submit: 0 not scanned will be marked missing' }).click();
      await lab.getByText('This manifest is reconciled. Thank you.').waitFor();
    });

    const all = await lab.evaluate(() => window.__scans ?? []);
    const scans = all.filter((s) => s.code !== STRAY);
    expect(scans.map((s) => s.code)).toEqual(barcodes);
    const times = scans.map((s) => s.ms);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const figures = {
      pieces: times.length,
      maxMs: round(Math.max(...times)),
      medianMs: round(median(times)),
      p90Ms: round([...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)]),
      strayMs: round(all.find((s) => s.code === STRAY)?.ms ?? Number.NaN),
      personSeconds: Math.round(personMs / 100) / 10,
    };
    testInfo.annotations.push({ type: 'lab-door figures', description: JSON.stringify(figures) });
    console.log(`lab door: ${JSON.stringify(figures)}\nlab door scans (ms): ${times.map((t) => Math.round(t)).join(' ')}`);
    expect(figures.maxMs, `slowest scan answer (median ${figures.medianMs} ms)`).toBeLessThan(100);
    expect(personMs).toBeLessThan(180_000);

    // Every expected piece received; the stray is a case of its own.
    const reconciled = lab.getByRole('listitem').filter({ hasText: /^MC/ });
    await expect(reconciled).toHaveCount(50);
    await expect(reconciled.filter({ hasText: 'Received' })).toHaveCount(50);
    const cases = await request.get('/api/v1/admin/discrepancies', { params: { kind: 'unexpected' }, headers: auth(staffToken) });
    const body = (await cases.json()) as { data: Array<{ piece: { barcode: string } | null; detail: string }> };
    const stray = body.data.find((c) => c.piece?.barcode === STRAY);
    expect(stray?.detail).toContain('not on the manifest');
    const missing = await request.get('/api/v1/admin/discrepancies', { params: { kind: 'missing' }, headers: auth(staffToken) });
    const missingBody = (await missing.json()) as { data: Array<{ piece: { barcode: string } | null }> };
    expect(missingBody.data.filter((c) => barcodes.includes(c.piece?.barcode ?? ''))).toEqual([]);
  });
});
