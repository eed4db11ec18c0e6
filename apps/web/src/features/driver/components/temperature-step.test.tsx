import { ROLE_IDS, type TPiece } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { driverJob } from '@/testing/fixtures';
import { json, renderInApp, slow, stubApi } from '@/testing/render-route';
import { TemperatureStep } from './temperature-step';

const job = driverJob({ temperature: 'refrigerated', status: 'picked_up', nextStatus: 'in_transit' });

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Marcus', roleId: ROLE_IDS.DRIVER } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the probe reading form', () => {
  it('refuses what is not a temperature with its words, clears on edit, and sends a comma decimal as °C', async () => {
    const api = stubApi(() => json(200, { success: true, data: job }));
    renderInApp(<TemperatureStep job={job} status="picked_up" />);
    const probe = screen.getByLabelText('Probe reading (°C)');
    fireEvent.change(probe, { target: { value: 'warm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the temperature in °C, e.g. 4.5');
    expect(probe).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(probe, { target: { value: '4,5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    const [, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ celsius: 4.5 });
    await vi.waitFor(() => expect(probe).toHaveValue(''));
  });

  it('warns, never congratulates, when a reading is out of range: the parcel is held', async () => {
    stubApi(() => json(200, { success: true, data: job }));
    renderInApp(<TemperatureStep job={job} status="picked_up" />);
    fireEvent.change(screen.getByLabelText('Probe reading (°C)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    const shown = await screen.findByText(
      /12 °C is out of range\. Do not deliver: on hold for temperature/,
      { selector: '.Toastify *' },
      slow,
    );
    expect(shown.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    expect(screen.queryByText('12 °C recorded')).toBeNull();
    expect(
      screen.getByText(/12 °C is outside 2 to 8 °C\. Do not deliver: on hold for temperature/).closest('[role="alert"]'),
    ).toBeVisible();
  });

  it('still confirms an in-range reading as recorded', async () => {
    stubApi(() => json(200, { success: true, data: job }));
    renderInApp(<TemperatureStep job={job} status="picked_up" />);
    fireEvent.change(screen.getByLabelText('Probe reading (°C)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    const shown = await screen.findByText('5 °C recorded', { selector: '.Toastify *' }, slow);
    expect(shown.closest('.Toastify__toast')).toHaveClass('Toastify__toast--success');
    expect(screen.queryByText(/is outside/)).toBeNull();
  });
});

describe('the logger in the cooler', () => {
  it('refuses an ID a logger cannot have, then binds the scanned one to this parcel', async () => {
    const api = stubApi(() => json(200, { success: true, message: 'Logger LOG-7 bound to the parcel', data: job }));
    renderInApp(<TemperatureStep job={job} status="picked_up" />);
    const field = screen.getByLabelText('Logger in the cooler (scan or type its ID)');
    fireEvent.change(field, { target: { value: 'LOG 7!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('deviceId may hold letters, digits and . _ : -');
    expect(api.fetchMock).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'LOG-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain(`/v1/driver/deliveries/${job._id}/logger`);
    expect(JSON.parse(String(init?.body))).toEqual({ loggerId: 'LOG-7' });
    expect(await screen.findByText('Logger LOG-7 travels with the parcel', { selector: '.Toastify *' }, slow)).toBeTruthy();
  });

  it('offers the pieces of a job of several (the whole parcel by default) and sends the one chosen', async () => {
    const piece = (seq: number, kind: TPiece['kind'], accession: string | null = null): TPiece => ({
      id: `p${seq}`,
      seq,
      barcode: `${job.orderId}-0${seq}`,
      kind,
      description: null,
      accession,
      quantity: null,
      unit: null,
      ccfNumber: null,
      sealIntact: null,
      status: 'picked_up',
    });
    const several = { ...job, pieces: [piece(1, 'bag', 'ACC-1'), piece(2, 'cooler')] };
    const api = stubApi(() => json(200, { success: true, message: 'Logger LOG-8 bound', data: several }));
    renderInApp(<TemperatureStep job={several} status="picked_up" />);
    const which = screen.getByLabelText('In which piece');
    expect(which).toHaveDisplayValue('The whole parcel');
    expect(screen.getByRole('option', { name: `${job.orderId}-01 · Bag · ACC-1` })).toBeTruthy();
    fireEvent.change(which, { target: { value: `${job.orderId}-02` } });
    fireEvent.change(screen.getByLabelText('Logger in the cooler (scan or type its ID)'), { target: { value: 'LOG-8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind' }));
    await vi.waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    const [, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ loggerId: 'LOG-8', piece: `${job.orderId}-02` });
    expect(await screen.findByText(`Logger LOG-8 travels in ${job.orderId}-02`, { selector: '.Toastify *' }, slow)).toBeTruthy();
  });

  it('asks nothing about pieces for a job of one', () => {
    stubApi(() => json(200, { success: true, data: job }));
    renderInApp(<TemperatureStep job={job} status="picked_up" />);
    expect(screen.queryByLabelText('In which piece')).toBeNull();
  });
});
