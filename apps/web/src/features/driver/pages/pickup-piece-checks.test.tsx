import { DRUG_TEST_REFUSALS, ROLE_IDS, type TPiece } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverJob } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const piece = (seq: number, over: Partial<TPiece> = {}): TPiece => ({
  id: `p${seq}`,
  seq,
  barcode: `MC0000000001-0${seq}`,
  kind: 'tube',
  description: null,
  accession: null,
  quantity: null,
  unit: null,
  ccfNumber: null,
  sealIntact: null,
  status: 'booked',
  ...over,
});
const atPickup = { status: 'moving_to_pickup_location', nextStatus: 'picked_up' } as const;
const drugTest = driverJob({
  ...atPickup,
  packageType: 'SPECIMEN',
  specimen: {
    category: 'drug_test',
    collectedAt: '2026-03-02T14:00:00.000Z',
    stableForHours: 72,
    stabilityDeadline: '2026-03-05T14:00:00.000Z',
  },
  pieces: [piece(1, { ccfNumber: 'CCF-000111' })],
});
const tablets = driverJob({
  ...atPickup,
  controlledSubstance: true,
  pieces: [piece(1, { kind: 'bag', quantity: 30, unit: 'tablets' }), piece(2, { kind: 'bag', quantity: 10, unit: 'tablets' })],
});

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Marcus', roleId: ROLE_IDS.DRIVER } });
});
afterEach(() => vi.unstubAllGlobals());

/** The first render loads the driver area's code: slower than an answer on a busy machine. */
const firstPaint = { timeout: 15_000 };
const scan = async (barcode: string) => {
  const field = await screen.findByLabelText(/Piece barcode/, {}, firstPaint);
  fireEvent.change(field, { target: { value: barcode } });
  fireEvent.keyDown(field, { key: 'Enter' });
};
const statusBody = async (calls: ReturnType<typeof stubApi>['calls']) => {
  await vi.waitFor(() => expect(calls('/api/v1/driver/deliveries/j1/status')).toHaveLength(1), slow);
  return calls('/api/v1/driver/deliveries/j1/status')[0].body;
};

describe('pieces that need more than a scan at pickup', { timeout: 30_000 }, () => {
  it("asks a drug test's CCF number and seal once the bottle is scanned, and sends them with the pickup", async () => {
    const { calls } = stubApi((url) =>
      url.endsWith('/status')
        ? json(200, { success: true, message: 'Moved', data: { ...drugTest, status: 'picked_up' } })
        : json(200, { success: true, data: [drugTest] }),
    );
    renderRoute('/driver/jobs/j1/pickup');
    await screen.findByLabelText(/Piece barcode/, {}, firstPaint);
    expect(screen.queryByLabelText('CCF number of piece 1')).toBeNull();
    // The one bottle's label read as the tracking number counts as its piece.
    await scan('mc 000 000 0001');
    const ccf = await screen.findByLabelText('CCF number of piece 1', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    expect(await screen.findByText('Piece 1: type the CCF number from its form.', {}, slow)).toBeInTheDocument();
    fireEvent.change(ccf, { target: { value: 'ccf-000111' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes, intact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    expect(await statusBody(calls)).toMatchObject({
      status: 'picked_up',
      scannedPieces: ['MC0000000001-01'],
      pieceChecks: [{ barcode: 'MC0000000001-01', ccfNumber: 'ccf-000111', sealIntact: true }],
    });
  });

  it("shows the contract's words for a refusal by its code (SEAL_BROKEN), not the server's English", async () => {
    stubApi((url) =>
      url.endsWith('/status')
        ? json(409, { success: false, error: 'SEAL_BROKEN', message: 'Some other wording' })
        : json(200, { success: true, data: [drugTest] }),
    );
    renderRoute('/driver/jobs/j1/pickup');
    await scan('MC0000000001-01');
    fireEvent.change(await screen.findByLabelText('CCF number of piece 1'), { target: { value: 'CCF-000111' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No, broken' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    const words = DRUG_TEST_REFUSALS.SEAL_BROKEN('MC0000000001-01');
    expect(await screen.findByText(`#MC0000000001: ${words}`, {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(/Some other wording/)).toBeNull();
  });

  it('names the bottle whose form differs (CCF_MISMATCH)', async () => {
    stubApi((url) =>
      url.endsWith('/status')
        ? json(409, { success: false, error: 'CCF_MISMATCH', message: 'x' })
        : json(200, { success: true, data: [drugTest] }),
    );
    renderRoute('/driver/jobs/j1/pickup');
    await scan('MC0000000001-01');
    fireEvent.change(await screen.findByLabelText('CCF number of piece 1'), { target: { value: 'CCF-999' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes, intact' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    const words = DRUG_TEST_REFUSALS.CCF_MISMATCH('MC0000000001-01');
    expect(await screen.findByText(`#MC0000000001: ${words}`, {}, slow)).toBeInTheDocument();
  });

  it("asks each controlled-substance piece's count in its unit, never showing the booked one, and sends it", async () => {
    const { calls } = stubApi((url) =>
      url.endsWith('/status')
        ? json(200, { success: true, message: 'Moved', data: { ...tablets, status: 'picked_up' } })
        : json(200, { success: true, data: [tablets] }),
    );
    renderRoute('/driver/jobs/j1/pickup');
    await scan('MC0000000001-01');
    await scan('MC0000000001-02');
    const first = await screen.findByLabelText('Count of piece 1 (tablets)');
    expect(screen.queryByText(/30 tablets/)).toBeNull();
    fireEvent.change(first, { target: { value: '28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    expect(await screen.findByText('Piece 2: count it (tablets).', {}, slow)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Count of piece 2 (tablets)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm pickup' }));
    expect((await statusBody(calls)).pieceChecks).toEqual([
      { barcode: 'MC0000000001-01', quantity: 28 },
      { barcode: 'MC0000000001-02', quantity: 10 },
    ]);
  });
});
