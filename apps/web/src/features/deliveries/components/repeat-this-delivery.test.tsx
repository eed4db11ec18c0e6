import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/testing/stub-api';
import type { TDeliveryRequestForm } from '../api/create-delivery';
import { HANDLING_DEFAULTS } from '../lib/handling-form';
import { RepeatThisDelivery, useRepeatThisDelivery } from './repeat-this-delivery';

const form: TDeliveryRequestForm = {
  reference: '',
  senderPhone: '+16175550100',
  pickupAddress: '55 Fruit St, Boston, MA 02114',
  recipientName: 'Core Lab',
  recipientPhone: '617-555-0199',
  recipientEmail: 'lab@example.test',
  deliveryAddress: '330 Brookline Ave, Boston, MA 02215',
  requiredBy: '2026-03-03T16:00',
  packageType: 'MEDICATION',
  packageSize: 'small',
  deliveryType: 'SAME_DAY',
  specialInstructions: '',
  ...HANDLING_DEFAULTS,
};

function Booking({ onSetUp, booked = form }: { onSetUp: (result: unknown) => void; booked?: TDeliveryRequestForm }) {
  const repeat = useRepeatThisDelivery();
  return (
    <>
      <RepeatThisDelivery
        choice={repeat.choice}
        onChange={repeat.setChoice}
        problem={repeat.problem}
        specimen={booked.packageType === 'SPECIMEN'}
      />
      <p data-testid="problem">{repeat.problem ?? ''}</p>
      <button type="button" onClick={async () => onSetUp(await repeat.setUp(booked))}>
        Booked
      </button>
    </>
  );
}

function renderBooking(booked = form) {
  const onSetUp = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Booking onSetUp={onSetUp} booked={booked} />
    </QueryClientProvider>,
  );
  return onSetUp;
}

afterEach(() => vi.unstubAllGlobals());

describe('Repeat this delivery on the request form', () => {
  it('does nothing unless ticked', async () => {
    const api = stubApi(() => json(500, {}));
    const onSetUp = renderBooking();
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    await waitFor(() => expect(onSetUp).toHaveBeenCalledWith(null));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sets up the standing order from the same fields, chosen days at the chosen time, from the next day', async () => {
    const api = stubApi(() => json(201, { success: true, data: { _id: 's1' } }));
    const onSetUp = renderBooking();
    fireEvent.click(screen.getByRole('checkbox', { name: /Repeat this delivery/ }));
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'days' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(screen.getByTestId('problem').textContent).toBe('Choose at least one day of the week');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    fireEvent.change(screen.getByLabelText('Required by (time)'), { target: { value: '07:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    await waitFor(() => expect(onSetUp).toHaveBeenCalledWith({ ok: true }));
    const [call] = api.calls('/api/v1/standing-orders');
    const { requiredBy: _r, specimenCategory: _c, specimenCollectedAt: _a, specimenStableHours: _h, ...fields } = form;
    expect(call).toMatchObject({ method: 'POST' });
    expect(call.body).toEqual({
      ...fields,
      schedule: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH', time: '07:30' },
      startsOn: '2026-03-04',
      endsOn: null,
    });
  });

  it("repeats a specimen with each run's collection time: this delivery's time of day, or the one given", async () => {
    const api = stubApi(() => json(201, { success: true, data: { _id: 's1' } }));
    const specimen: TDeliveryRequestForm = {
      ...form,
      packageType: 'SPECIMEN',
      specimenCategory: 'UN3373',
      specimenCollectedAt: '2026-03-02T08:45',
      specimenStableHours: '12',
    };
    const onSetUp = renderBooking(specimen);
    fireEvent.click(screen.getByRole('checkbox', { name: /Repeat this delivery/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    await waitFor(() => expect(onSetUp).toHaveBeenCalledWith({ ok: true }));
    expect(api.calls('/api/v1/standing-orders')[0].body).toMatchObject({
      packageType: 'SPECIMEN',
      specimen: { category: 'UN3373', stableForHours: 12, collectionTime: '08:45' },
    });
    expect(api.calls('/api/v1/standing-orders')[0].body).not.toHaveProperty('specimenCollectedAt');
    fireEvent.change(screen.getByLabelText('Specimens collected at (time)'), { target: { value: '13:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    await waitFor(() => expect(api.calls('/api/v1/standing-orders')).toHaveLength(2));
    expect(api.calls('/api/v1/standing-orders')[1].body).toMatchObject({ specimen: { collectionTime: '13:15' } });
  });

  it("says why when the server refuses, in the server's words", async () => {
    stubApi(() =>
      json(400, { success: false, error: 'BAD_REQUEST', message: 'startsOn: Start date must be today or later', field: 'startsOn' }),
    );
    const onSetUp = renderBooking();
    fireEvent.click(screen.getByRole('checkbox', { name: /Repeat this delivery/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Booked' }));
    await waitFor(() => expect(onSetUp).toHaveBeenCalledWith({ ok: false, message: 'Start date must be today or later' }));
  });
});
