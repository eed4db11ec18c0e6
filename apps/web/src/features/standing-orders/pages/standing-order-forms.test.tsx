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

describe('a standing order from scratch', () => {
  const posts = (api: ReturnType<typeof stubApi>) => api.calls('/api/v1/standing-orders').filter((c) => c.method === 'POST');
  const fill = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('asks for the booking fields and the schedule, checks them by the contract, and sends them with a specimen', async () => {
    const api = stubApi((url, init) => {
      if (url.endsWith('/v1/standing-orders') && init.method === 'POST') return json(201, { success: true, data: standingOrder });
      return json(200, { success: true, data: [] });
    });
    renderRoute('/standing-orders');
    fireEvent.click(await screen.findByRole('link', { name: 'New standing order' }, slow));
    expect(await screen.findByRole('heading', { name: 'New standing order' }, slow)).toBeVisible();
    // The sender's phone and pickup start as the customer's own.
    expect(screen.getByLabelText(/Sender phone/)).toHaveValue(customer.phone);
    fireEvent.click(screen.getByRole('button', { name: 'Create standing order' }));
    expect(await screen.findByText('Recipient name is required', undefined, slow)).toBeVisible();
    expect(screen.getByText('Recipient e-mail is required')).toBeVisible();
    fill(/Recipient name/, 'Core Lab');
    fill(/Recipient phone/, '617-555-0199');
    fill(/Recipient e-mail/, 'not-an-address');
    fill(/Delivery address/, '330 Brookline Ave, Boston, MA 02215');
    fill('Package type', 'SPECIMEN');
    fill('Priority', 'stat');
    fill('Temperature', 'refrigerated');
    fireEvent.click(screen.getByRole('button', { name: 'Create standing order' }));
    expect(await screen.findByText('Recipient e-mail must be a valid e-mail address', undefined, slow)).toBeVisible();
    expect(screen.getByText('Choose the specimen category')).toBeVisible();
    // The schedule's check runs after the booking's (its resolver is asynchronous).
    expect(await screen.findByText('Specimen collection time is required', undefined, slow)).toBeVisible();
    expect(posts(api)).toHaveLength(0);
    fill(/Recipient e-mail/, 'lab@example.test');
    fill(/Specimen category/, 'UN3373');
    fill(/Stable for/, '12');
    fill('Specimens collected at (time)', '08:30');
    fireEvent.click(screen.getByRole('button', { name: 'Create standing order' }));
    await vi.waitFor(() => expect(posts(api)).toHaveLength(1), slow);
    expect(posts(api)[0].body).toMatchObject({
      senderPhone: customer.phone,
      recipientName: 'Core Lab',
      recipientEmail: 'lab@example.test',
      packageType: 'SPECIMEN',
      priority: 'stat',
      temperature: 'refrigerated',
      controlledSubstance: false,
      specimen: { category: 'UN3373', stableForHours: 12, collectionTime: '08:30' },
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', time: '16:00' },
    });
  });

  it('shows a refusal the API names on its booking field', async () => {
    stubApi((url, init) => {
      if (url.endsWith('/v1/standing-orders') && init.method === 'POST')
        return json(400, {
          success: false,
          error: 'BAD_REQUEST',
          message: 'deliveryAddress: Delivery address could not be found',
          field: 'deliveryAddress',
        });
      return json(200, { success: true, data: [] });
    });
    renderRoute('/standing-orders/new');
    await screen.findByLabelText(/Recipient name/, undefined, slow);
    fill(/Recipient name/, 'Core Lab');
    fill(/Recipient phone/, '617-555-0199');
    fill(/Recipient e-mail/, 'lab@example.test');
    fill(/Delivery address/, 'Nowhere at all');
    fireEvent.click(screen.getByRole('button', { name: 'Create standing order' }));
    const message = await screen.findByText('Delivery address could not be found', undefined, slow);
    expect(message.id).toBe('so-deliveryAddress-error');
  });
});
