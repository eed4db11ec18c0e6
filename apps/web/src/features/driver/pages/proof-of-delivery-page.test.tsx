import { ROLE_IDS } from '@courier/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { driverJob } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';

// The driver layout loads the job screens ahead; let those loads finish before the environment is torn down.
afterAll(async () => {
  await Promise.all([import('./driver-job-page'), import('./pickup-check-page'), import('./failed-attempt-page')]);
});

// jsdom has no canvas: a 2D context that draws nothing lets the signature pad mount (the browser journeys draw for real).
const blankContext = new Proxy({}, { get: () => () => undefined, set: () => true });

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(blankContext as CanvasRenderingContext2D);
  setSession({ token: 't', refreshToken: 'r', user: { _id: 'me', firstName: 'Marcus', roleId: ROLE_IDS.DRIVER } });
  localStorage.setItem('driver-share-location', '0');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('proof of delivery', () => {
  it('flags every missing requirement on the first submit: signature, name, temperature and ID', async () => {
    const job = driverJob({ status: 'in_transit', nextStatus: 'delivered', temperature: 'refrigerated', controlledSubstance: true });
    const { fetchMock } = stubApi(() => json(200, { success: true, data: [job] }));
    renderRoute('/driver/jobs/j1/proof');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm delivery' }, slow));

    expect(await screen.findByText("A medication delivery needs the recipient's signature.")).toBeVisible();
    expect(screen.getByText('Recipient name is required')).toBeVisible();
    expect(screen.getByText('Enter the temperature in °C at hand-over')).toBeVisible();
    expect(screen.getByText('Choose the type of photo ID')).toBeVisible();
    expect(screen.getByText('Enter exactly the last 4 characters of the ID number')).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/pod'))).toBe(false);
  });
});
