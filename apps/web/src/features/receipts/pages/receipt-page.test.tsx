import type { TManifest, TManifestPiece, TReceiptPage, TTemperatureTrace } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const parcel: TReceiptPage['data'] = {
  orderId: 'MC0000000001',
  deliveredAt: '2026-03-02T15:00:00.000Z',
  temperature: 'refrigerated',
  specimenCategory: 'UN3373',
  receipt: null,
};
/** The manifest of a parcel of one piece: the page keeps the one-parcel form. */
const onePiece: TManifest = {
  deliveries: [{ orderId: 'MC0000000001', clinic: 'Back Bay Family Clinic', pieceCount: 1, reconciled: false }],
  pieces: [
    {
      barcode: 'MC0000000001-01',
      seq: 1,
      kind: 'cooler',
      description: null,
      accession: null,
      orderId: 'MC0000000001',
      clinic: 'Back Bay Family Clinic',
      temperature: 'refrigerated',
      specimenCategory: 'UN3373',
      status: 'delivered',
      receivedAt: null,
    },
  ],
  reconciled: false,
};

/** The parcel's trace on the way: two logger readings, one warm enough to breach at once. */
const trace: TTemperatureTrace = {
  orderId: 'MC0000000001',
  temperatureClass: 'refrigerated',
  readings: [
    { at: '2026-03-02T14:00:00.000Z', celsius: 5, source: 'logger', deviceId: 'LOG-1', inRange: true },
    { at: '2026-03-02T14:05:00.000Z', celsius: 9, source: 'logger', deviceId: 'LOG-1', inRange: false },
  ],
  boundaries: [{ above: 8, minutes: 0, severity: 'critical' }],
  breaches: [],
  gaps: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('the receiving lab confirms receipt', () => {
  it('shows the parcel, asks why it is rejected, and records the answer once', async () => {
    const { calls } = stubApi((url, init) => {
      if (url === '/api/v1/receipts/tok1/temperature') return json(200, { success: true, data: trace });
      if (url.startsWith('/api/v1/receipts/tok1') && init.method === 'POST')
        return json(200, {
          success: true,
          data: {
            ...parcel,
            receipt: { status: 'rejected', reason: 'temperature', receivedBy: 'Lee Park', receivedAt: '2026-03-02T15:10:00.000Z' },
          },
        });
      if (url.startsWith('/api/v1/receipts/tok1')) return json(200, { success: true, data: { ...parcel, manifest: onePiece } });
      return json(200, { success: true, data: {} });
    });
    renderRoute('/receive/tok1');
    expect(await screen.findByText('MC0000000001', {}, slow)).toBeVisible();
    expect(screen.getByText('Refrigerated (2-8 °C)')).toBeVisible();
    expect(screen.getByText('UN3373 Biological substance, Category B')).toBeVisible();
    expect(await screen.findByRole('figure', { name: 'Temperature on the way' })).toHaveAccessibleDescription(
      '2 readings, 5–9 °C; no boundary breached.',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Rejected' }));
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Lee Park' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByText('Choose why it is rejected')).toBeVisible();
    expect(calls('/api/v1/receipts/tok1').filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'temperature' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    expect(await screen.findByRole('status', {}, slow)).toHaveTextContent(
      /^Rejected: Temperature out of range by Lee Park, recorded .+\. Thank you\.$/,
    );
    expect(calls('/api/v1/receipts/tok1').filter((c) => c.method === 'POST')[0].body).toEqual({
      status: 'rejected',
      reason: 'temperature',
      receivedBy: 'Lee Park',
    });
    // Recorded once: the form is gone.
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
  }, 20_000);

  it("shows a reconciled manifest's result piece by piece, in words", async () => {
    const piece = (seq: number, status: TManifestPiece['status']): TManifestPiece => ({
      barcode: `MC0000000001-0${seq}`,
      seq,
      kind: 'bag',
      description: null,
      accession: null,
      orderId: 'MC0000000001',
      clinic: 'Back Bay Family Clinic',
      temperature: 'ambient',
      specimenCategory: 'exempt',
      status,
      receivedAt: status === 'not_handed_over' ? null : '2026-03-02T15:10:00.000Z',
    });
    const manifest: TManifest = {
      deliveries: [{ orderId: 'MC0000000001', clinic: 'Back Bay Family Clinic', pieceCount: 3, reconciled: true }],
      pieces: [piece(1, 'received'), piece(2, 'damaged'), piece(3, 'not_handed_over')],
      reconciled: true,
    };
    const receipt = {
      status: 'accepted' as const,
      reason: null,
      comment: null,
      receivedBy: 'R. Tech',
      receivedAt: '2026-03-02T15:10:00.000Z',
    };
    stubApi((url) =>
      url === '/api/v1/receipts/tok2/temperature'
        ? json(200, { success: true, data: { ...trace, readings: [] } })
        : url.startsWith('/api/v1/receipts/tok2')
          ? json(200, { success: true, data: { ...parcel, receipt, manifest } })
          : json(200, { success: true, data: {} }),
    );
    renderRoute('/receive/tok2');
    expect(await screen.findByText('This manifest is reconciled. Thank you.', {}, slow)).toBeVisible();
    const pieces = screen.getByText('MC0000000001-01').closest('ul') as HTMLElement;
    expect(
      within(pieces)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MC0000000001-01Received', 'MC0000000001-02Damaged', 'MC0000000001-03Not handed over']);
  }, 20_000);

  it("says so when the link is not valid, in the API's words", async () => {
    stubApi((url) =>
      url.startsWith('/api/v1/receipts/')
        ? json(404, { success: false, error: 'NOT_FOUND', message: 'This receipt link is not valid' })
        : json(200, { success: true, data: {} }),
    );
    renderRoute('/receive/nope');
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('This receipt link is not valid');
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
  }, 20_000);
});
