import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { driverJob } from '@/testing/fixtures';
import { checkHandOver, EMPTY_HAND_OVER, HandOverChecks, handOverFields, type THandOver } from './hand-over-checks';

const job = driverJob({ controlledSubstance: true, temperature: 'ambient', status: 'in_transit', nextStatus: 'delivered' });

function Harness({ onValue }: { onValue: (value: THandOver) => void }) {
  const [value, setValue] = useState(EMPTY_HAND_OVER);
  return (
    <HandOverChecks
      job={job}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      errors={{}}
    />
  );
}

describe('the controlled-substance ID check', () => {
  it('keeps the last four characters of an ID number typed or pasted whole, and says so', () => {
    let last = EMPTY_HAND_OVER;
    render(<Harness onValue={(v) => (last = v)} />);
    expect(screen.getByText(/If you type more, only the last 4 are kept/)).toBeVisible();
    const field = screen.getByLabelText('Last 4 characters of the ID number');
    fireEvent.change(field, { target: { value: 'S123-456-7890' } });
    expect(field).toHaveValue('7890');
    // Typed one character at a time past four: the window moves to the end.
    fireEvent.change(field, { target: { value: 'S123' } });
    fireEvent.change(field, { target: { value: 'S1234' } });
    expect(field).toHaveValue('1234');
    const filled = { ...last, idType: 'driver_license', idName: 'Robin Lee', relationship: 'patient' };
    expect(checkHandOver(job, filled)).toEqual({});
    expect(handOverFields(job, filled)).toMatchObject({ idLast4: '1234' });
  });
});
