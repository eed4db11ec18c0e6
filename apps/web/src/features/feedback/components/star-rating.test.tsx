import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

function Harness({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <StarRating value={value} onChange={setValue} />;
}

const litStars = (container: HTMLElement) => container.querySelectorAll('svg[data-lit]').length;

describe('StarRating', () => {
  it('offers five stars as a labelled radio group', () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '1 star, Poor' })).toBeVisible();
    expect(screen.getByRole('radio', { name: '5 stars, Excellent' })).toBeVisible();
  });

  it('lights the stars up to the hovered one, and back to the chosen rating when the pointer leaves', () => {
    const { container } = render(<Harness initial={2} />);
    expect(litStars(container)).toBe(2);
    const fourth = screen.getByRole('radio', { name: '4 stars, Very good' }).closest('label') as HTMLElement;
    fireEvent.mouseEnter(fourth);
    expect(litStars(container)).toBe(4);
    expect(screen.getByText('Very good')).toBeVisible();
    fireEvent.mouseLeave(screen.getByRole('radiogroup'));
    expect(litStars(container)).toBe(2);
  });

  it('keeps the star that was chosen', () => {
    const { container } = render(<Harness />);
    expect(screen.getByText('Select a rating')).toBeVisible();
    fireEvent.click(screen.getByRole('radio', { name: '3 stars, Good' }));
    expect((screen.getByRole('radio', { name: '3 stars, Good' }) as HTMLInputElement).checked).toBe(true);
    expect(litStars(container)).toBe(3);
  });
});
