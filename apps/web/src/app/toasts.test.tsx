import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { Toasts } from './toasts';

describe('toasts', () => {
  it('mount the container with the first toast and show it and the ones after it', async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe('');
    act(() => {
      toast.success('Saved');
      toast.error('Not saved');
    });
    expect(await screen.findByText('Saved', { selector: '.Toastify *' })).toBeVisible();
    expect(await screen.findByText('Not saved', { selector: '.Toastify *' })).toBeVisible();
    act(() => toast.info('Later'));
    expect(await screen.findByText('Later', { selector: '.Toastify *' })).toBeVisible();
  });
});
