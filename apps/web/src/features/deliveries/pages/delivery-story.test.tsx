import { ROUTINE_HANDLING, type TDeliveryDetail, type TPiece } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerAccount, untouchedDelivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';

const user = customerAccount;

const HOUR = 3_600_000;
const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString();

function delivery(overrides: Partial<TDeliveryDetail> = {}): TDeliveryDetail {
  return {
    ...ROUTINE_HANDLING,
    _id: 'd1',
    orderId: 'MC7K2P9QX4WZ',
    senderPhone: '+16175550123',
    pickupAddress: '55 Fruit St, Boston, MA 02114',
    recipientName: 'Jordan Lee',
    recipientPhone: '+16175550199',
    recipientEmail: 'jordan@example.test',
    deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
    requiredBy: iso(4),
    packageType: 'MEDICATION',
    packageSize: 'small',
    deliveryType: 'STANDARD',
    specialInstructions: '',
    status: 'in_transit',
    createdAt: iso(-6),
    updatedAt: iso(-1),
    estimatedDelivery: iso(3),
    ...untouchedDelivery,
    trackingUrl: 'http://x/track/MC7K2P9QX4WZ',
    timeline: [
      { status: 'pending', place: '55 Fruit St, Boston, MA 02114', coords: null, timestamp: iso(-6) },
      { status: 'in_transit', place: 'In transit', coords: null, timestamp: iso(-1) },
    ],
    deliveredAt: null,
    cancelReason: null,
    ...overrides,
  };
}

function stubDelivery(d: TDeliveryDetail) {
  return stubApi((url) => {
    if (url.split('?')[0] === `/api/v1/deliveries/${d._id}`) return json(200, { success: true, data: d });
    return json(200, url.includes('notifications') ? [] : { success: true, data: [] });
  });
}

beforeEach(() => {
  setSession({ token: 't1', refreshToken: 'r1', user });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the delivery page tells the whole story', () => {
  it('lists each piece with its status, and the cases opened for the ones that went wrong', async () => {
    const piece = (seq: number, status: TPiece['status'], accession: string) => ({
      id: `p${seq}`,
      seq,
      barcode: `MC7K2P9QX4WZ-0${seq}`,
      kind: 'bag' as const,
      description: null,
      accession,
      quantity: null,
      unit: null,
      ccfNumber: null,
      sealIntact: null,
      status,
    });
    stubDelivery(
      delivery({
        status: 'delivered',
        pieces: [piece(1, 'received', 'ACC-1'), piece(2, 'damaged', 'ACC-2'), piece(3, 'not_handed_over', 'ACC-3')],
        discrepancies: [
          { id: 'c1', kind: 'damaged', status: 'investigating', openedAt: iso(-1) },
          { id: 'c2', kind: 'not_handed_over', status: 'resolved', openedAt: iso(-2) },
        ],
      }),
    );
    renderRoute('/delivery/d1');
    const card = (await screen.findByRole('heading', { name: 'Pieces (3)' }, slow)).closest('section') as HTMLElement;
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MC7K2P9QX4WZ-01Bag · ACC-1Received',
      'MC7K2P9QX4WZ-02Bag · ACC-2Damaged',
      'MC7K2P9QX4WZ-03Bag · ACC-3Not handed over',
    ]);
    const cases = screen.getByRole('heading', { name: 'Discrepancy cases' }).closest('section') as HTMLElement;
    expect(within(cases).getByText('Investigating')).toBeVisible();
    expect(within(cases).getByText('Resolved')).toBeVisible();
  });

  it('shows no pieces card for a one-piece delivery on its way', async () => {
    stubDelivery(
      delivery({
        pieces: [
          {
            id: 'p1',
            seq: 1,
            barcode: 'MC7K2P9QX4WZ-01',
            kind: 'bag',
            description: null,
            accession: null,
            quantity: null,
            unit: null,
            ccfNumber: null,
            sealIntact: null,
            status: 'picked_up',
          },
        ],
      }),
    );
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.queryByRole('heading', { name: /^Pieces/ })).toBeNull();
  });

  it('flags a delivery past its required-by time as overdue, in words', async () => {
    stubDelivery(delivery({ requiredBy: iso(-2) }));
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.getAllByText('Overdue').length).toBeGreaterThan(0);
  });

  it("warns when the estimate (the route's planned arrival) falls after the required-by", async () => {
    stubDelivery(delivery({ estimatedDelivery: iso(5) }));
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.getByText('Expected after your required-by time: dispatch has been told.')).toBeTruthy();
  });

  it('says nothing of the deadline when the estimate makes it', async () => {
    stubDelivery(delivery({ estimatedDelivery: iso(3), stabilityDeadline: iso(3.5) }));
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.queryByText(/^Expected after/)).toBeNull();
  });

  it("warns of an estimate after the specimen's stability deadline", async () => {
    stubDelivery(delivery({ estimatedDelivery: iso(3), stabilityDeadline: iso(2) }));
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.getByText('Expected after the specimen’s stability deadline: dispatch has been told.')).toBeTruthy();
  });

  it('does not flag one still in time, and shows its estimate with the day', async () => {
    stubDelivery(delivery());
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.queryByText('Overdue')).toBeNull();
    expect(screen.getByText('Estimated delivery').nextElementSibling?.textContent).toMatch(
      /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/,
    );
    const timeline = screen.getByRole('list', { name: 'Delivery timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('In transit'), expect.stringContaining('55 Fruit St, Boston, MA 02114')]);
  });

  it('shows a delivered parcel with its delivered time and the proof instead of an estimate', async () => {
    const at = iso(-1);
    stubDelivery(
      delivery({
        status: 'delivered',
        requiredBy: iso(-3),
        deliveredAt: at,
        pod: { photo: null, signature: null, recipientName: 'Nurse Ama Boateng', timestamp: at, notes: 'At the ward desk' },
      }),
    );
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    expect(
      screen.getAllByText('Delivered', { selector: 'dt' })[0].nextElementSibling?.querySelector('time')?.getAttribute('dateTime'),
    ).toBe(at);
    expect(screen.queryByText('Overdue')).toBeNull();
    expect(screen.getByText('Nurse Ama Boateng')).toBeVisible();
    expect(screen.getByText('At the ward desk')).toBeVisible();
  });

  it('says why a cancelled delivery was cancelled and offers no label or estimate', async () => {
    stubDelivery(
      delivery({ status: 'cancelled', requiredBy: iso(-3), estimatedDelivery: null, cancelReason: 'Specimen no longer needed' }),
    );
    renderRoute('/delivery/d1');
    await screen.findByRole('heading', { name: /Delivery #MC7K2P9QX4WZ/ }, slow);
    expect(screen.getAllByText(/Specimen no longer needed/).length).toBeGreaterThan(0);
    expect(screen.getByText('A cancelled delivery has no shipping label.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Generate Label' })).toBeNull();
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    expect(screen.queryByText('Overdue')).toBeNull();
  });
});

describe('the request form and a refusal naming a field of an earlier step', () => {
  it('goes back to that step, marks the field with the message and keeps the toast', async () => {
    const refusal = 'deliveryAddress: Delivery address could not be found. Check the street, city and ZIP.';
    stubApi((url, init) => {
      if (init.method === 'POST' && url === '/api/v1/deliveries') {
        return json(400, { success: false, message: refusal, error: 'BAD_REQUEST', field: 'deliveryAddress' });
      }
      return json(200, url.includes('notifications') ? [] : { success: true, data: [] });
    });
    renderRoute('/order-delivery');
    const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText(/Sender phone/, {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByLabelText(/Recipient name/);
    type(/Recipient name/, 'Jordan Lee');
    type(/Recipient phone/, '+16175550199');
    type(/Recipient e-mail/, 'jordan@example.test');
    type(/Delivery address/, '1 Nowhere Lane, Atlantis');
    type(/Required by/, new Date(Date.now() + 48 * HOUR).toISOString().slice(0, 16));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Submit Request/ }));

    expect(await screen.findByText(refusal, { selector: '.Toastify *' }, slow)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Recipient Information' })).toBeVisible();
    const field = screen.getByLabelText(/Delivery address/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Delivery address could not be found. Check the street, city and ZIP.')).toBeVisible();

    // Fixing the field clears the mark.
    type(/Delivery address/, '330 Brookline Ave, Boston, MA 02215');
    expect(screen.queryByText('Delivery address could not be found. Check the street, city and ZIP.')).toBeNull();
  });
});
