import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { Toasts } from './toasts';

// A file of its own: the toasts of other tests would still be on screen.
describe('toasts, one per event', () => {
  it('show one toast per event: the same words again while the first shows add none', async () => {
    render(<Toasts />);
    act(() => {
      toast.error('Could not save');
      toast.error('Could not save');
      toast.warning('Could not save');
    });
    expect(await screen.findByText('Could not save', { selector: '.Toastify__toast--warning, .Toastify__toast--warning *' })).toBeVisible();
    expect(document.querySelectorAll('.Toastify__toast--error')).toHaveLength(1);
    act(() => {
      toast.success('Sent', { toastId: 'outbox' });
      toast.success('2 sent', { toastId: 'outbox' });
    });
    expect(await screen.findByText('Sent', { selector: '.Toastify *' })).toBeVisible();
    expect(screen.queryByText('2 sent')).toBeNull();
  });
});
