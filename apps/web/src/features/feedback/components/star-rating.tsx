import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useState } from 'react';

export const RATING_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

interface Props {
  value: number;
  onChange: (rating: number) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Five stars as a radio group: arrow keys and screen readers work as with any radio buttons, and the
 * stars up to the hovered one light up before the click.
 */
export function StarRating({ value, onChange, invalid, describedBy }: Props) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <div>
      <p id="rating-label" className="text-sm font-medium text-slate-700">
        Your rating
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <div
          role="radiogroup"
          aria-labelledby="rating-label"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className="flex"
          onMouseLeave={() => setHovered(0)}
        >
          {RATING_WORDS.map((word, index) => {
            const rating = index + 1;
            return (
              <label key={word} className="group cursor-pointer p-1" onMouseEnter={() => setHovered(rating)}>
                <input
                  type="radio"
                  name="rating"
                  value={rating}
                  checked={value === rating}
                  onChange={() => onChange(rating)}
                  className="peer sr-only"
                  aria-label={`${rating} star${rating > 1 ? 's' : ''}, ${word}`}
                />
                <Star
                  aria-hidden="true"
                  data-lit={rating <= shown || undefined}
                  className={clsx(
                    'size-9 rounded-md transition-transform duration-100 group-hover:scale-110 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 sm:size-10',
                    rating <= shown ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-slate-300',
                  )}
                />
              </label>
            );
          })}
        </div>
        <span aria-live="polite" className={clsx('text-sm font-medium', shown ? 'text-slate-700' : 'text-slate-500')}>
          {shown ? RATING_WORDS[shown - 1] : 'Select a rating'}
        </span>
      </div>
    </div>
  );
}
