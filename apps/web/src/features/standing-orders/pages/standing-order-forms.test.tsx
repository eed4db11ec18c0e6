import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { customerAccount, specimenStandingOrder } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

const customer = { ...customerAccount, firstName: 'Lab', lastName: 'Runs', email: 'lab@hospital.test', accountType: 'lab' };

const collectedAt = '2026-03-02T13:45:00.000Z';
const specimenDelivery = {
  _id: 'd1',
  orderId: 'MC-1',
  senderPhone: '+16175550100',
  pickupAddress: '55 Fruit St, Boston, MA 02114',
  recipientName: 'Core Lab',
  recipientPhone: '+16175550199',
  recipientEmail: 'lab@example.test',
  deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
  packageType: 'SPECIMEN',
  packageSize: 'small',
  deliveryType: 'SAME_DAY',
  specialInstructions: '',
  priority: 'routine',
  temperature: 'refrigerated',
  controlledSubstance: false,
  specimen: { category: 'UN3373', collectedAt, stableForHours: 12, stabilityDeadline: '2026-03-03T01:45:00.000Z' },
};

const standingOrder = specimenStandingOrder({
  delivery: { ...specimenStandingOrder().delivery, pickupAddress: 'A', deliveryAddress: 'B' },
  nextOccurrences: ['2026-03-02T21:00:00.000Z'],
});

const hhmm = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

beforeEach(() => setSession({ token: 't1', refreshToken: 'r1', user: customer }));
afterEach(() => vi.unstubAllGlobals());

describe('standing-order forms', () => {
  it("repeats a specimen delivery with each run's collection time, filled from the delivery's", async () => {
    const api = stubApi((url, init) => {
      if (url.endsWith('/v1/deliveries/d1')) return json(200, { success: true, data: specimenDelivery });
      if (url.endsWith('/v1/standing-orders') && init.method === 'POST') return json(201, { success: true, data: standingOrder });
      return json(200, { success: true, data: [] });
    });
    renderRoute('/standing-orders/new?from=d1');
    const collection = (await screen.findByLabelText('Specimens collected at (time)', undefined, slow)) as HTMLInputElement;
    // The delivery's values fill the form once its answer is in, which may be a render after the field shows.
    await vi.waitFor(() => expect(collection.value).toBe(hhmm(collectedAt)), slow);
    fireEvent.change(collection, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create standing order' }));
    expect((await screen.findByText('Specimen collection time is required', undefined, slow)).id).toBe('collectionTime-error');
    fireEvent.change(collection, { target: { value: '08:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create standing order' }));
    await vi.waitFor(() => expect(api.calls('/api/v1/standing-orders')).toHaveLength(1), slow);
    expect(api.calls('/api/v1/standing-orders')[0].body).toMatchObject({
      packageType: 'SPECIMEN',
      specimen: { category: 'UN3373', stableForHours: 12, collectionTime: '08:30' },
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
      endsOn: null,
    });
  });

  it('edits the time: only the schedule is sent; a refusal naming a field is shown on it', async () => {
    let refuse = false;
    const api = stubApi((url, init) => {
      if (url.endsWith('/v1/standing-orders/s1') && init.method === 'PATCH')
        return refuse
          ? json(400, {
              success: false,
              error: 'BAD_REQUEST',
              message: 'specimen.collectionTime: Specimen collection time must be HH:MM',
              field: 'specimen.collectionTime',
            })
          : json(200, { success: true, data: standingOrder });
      if (url.endsWith('/v1/standing-orders/s1')) return json(200, { success: true, data: standingOrder });
      return json(200, { success: true, data: [] });
    });
    renderRoute('/standing-orders/s1/edit');
    const time = (await screen.findByLabelText('Required by (time)', undefined, slow)) as HTMLInputElement;
    await vi.waitFor(() => expect(time.value).toBe('16:00'), slow);
    expect((screen.getByLabelText('Repeat') as HTMLSelectElement).value).toBe('weekdays');
    expect((screen.getByLabelText('Specimens collected at (time)') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(time, { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(api.calls('/api/v1/standing-orders/s1').filter((c) => c.method === 'PATCH')).toHaveLength(1), slow);
    expect(api.calls('/api/v1/standing-orders/s1').find((c) => c.method === 'PATCH')?.body).toEqual({
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '09:30' },
    });

    renderRoute('/standing-orders/s1/edit');
    refuse = true;
    const again = (await screen.findAllByLabelText('Specimens collected at (time)', undefined, slow)).at(-1) as HTMLInputElement;
    await vi.waitFor(() => expect(again.value).toBe('09:00'), slow);
    fireEvent.change(again, { target: { value: '07:00' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save changes' }).at(-1) as HTMLElement);
    expect((await screen.findByText('Specimen collection time must be HH:MM', undefined, slow)).id).toBe('collectionTime-error');
  });
});
