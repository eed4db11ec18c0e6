import { DELIVERY_STATUSES, STATUS_LABELS } from '@courier/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge';

describe('the status badge', () => {
  it('reads every status as words, never a raw code', () => {
    render(
      <div>
        {DELIVERY_STATUSES.map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
      </div>,
    );
    expect(screen.getByText('Moving to pickup')).toHaveAttribute('data-status', 'moving_to_pickup_location');
    expect(screen.getByText('In transit')).toHaveAttribute('data-status', 'in_transit');
    for (const s of DELIVERY_STATUSES) {
      const badge = screen.getByText(STATUS_LABELS[s]);
      expect(badge.textContent).toMatch(/^[A-Z][a-z ]+$/);
    }
  });
});
