import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerAccount, myDelivery } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { formatDate, formatTime, formatWhen } from '@/lib/delivery-format';
import { setSession } from '@/lib/session';

const requiredBy = '2026-03-03T14:30:00.000Z';
const stat = myDelivery({ priority: 'stat', temperature: 'refrigerated', requiredBy });
const plain = myDelivery({ _id: 'd2', orderId: 'MC0000000002' });

/** The list measures its own width to choose table or cards: jsdom measures nothing, so the test says the width. */
function atWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 800,
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: 800,
    toJSON: () => ({}),
  });
}

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: customerAccount });
  stubApi((url) => {
    if (url.includes('/deliveries/my-deliveries'))
      return json(200, {
        success: true,
        totalDeliveries: 2,
        activeDeliveries: 2,
        completedDeliveries: 0,
        pendingDeliveries: 0,
        cancelledDeliveries: 0,
        profileActiveDeliveries: 2,
        deliveries: [stat, plain],
        matchingDeliveries: 2,
        currentPage: 1,
        totalPages: 1,
        limit: 10,
      });
    return json(200, url.includes('notifications') ? [] : { success: true, data: [] });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My Deliveries shows what matters for each delivery', () => {
  it('on a desktop, marks STAT and the temperature and gives the required-by time its own column', async () => {
    atWidth(1280);
    renderRoute('/deliveries');
    const row = (await screen.findByText('#MC0000000001', {}, slow)).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Required By' })).toBeVisible();
    expect(within(row).getByText('STAT')).toBeVisible();
    expect(within(row).getByText(/Fridge|Refrigerated|2–8/)).toBeVisible();
    // The date above the time, as the booking time beside it.
    const due = row.querySelector(`time[datetime="${requiredBy}"]`);
    expect(due).toHaveTextContent(`${formatDate(requiredBy)}${formatTime(requiredBy)}`);
    const other = screen.getByText('#MC0000000002').closest('tr') as HTMLElement;
    expect(within(other).queryByText('STAT')).toBeNull();
    expect(within(other).getByText('—')).toBeVisible();
  });

  it('on a phone, each card carries the same marks and the required-by time', async () => {
    atWidth(390);
    renderRoute('/deliveries');
    const card = (await screen.findByText('#MC0000000001', {}, slow)).closest('li') as HTMLElement;
    expect(within(card).getByText('STAT')).toBeVisible();
    expect(within(card).getByText(formatWhen(requiredBy))).toBeVisible();
    expect(within(card).getByText('Required')).toHaveClass('sr-only');
  });
});
