import { TIMINGS } from '@courier/contract';
import clsx from 'clsx';
import { Quote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TESTIMONIALS, type TTestimonial } from '../testimonials';

/**
 * One testimonial at a time; advances every 5000 ms and wraps. The side avatars and the
 * dots choose one; any change, automatic or chosen, restarts the 5 s wait.
 */
export function TestimonialsCarousel({
  items = TESTIMONIALS,
  intervalMs = TIMINGS.carouselMs,
}: {
  items?: readonly TTestimonial[];
  intervalMs?: number;
}) {
  const [active, setActive] = useState(0);
  const count = items.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setTimeout(() => setActive((active + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [active, count, intervalMs]);

  const current = items[active];
  if (!current) return null;
  const previous = (active - 1 + count) % count;
  const next = (active + 1) % count;

  return (
    <section aria-roledescription="carousel" aria-label="What our customers say" className="relative">
      <div className="relative rounded-3xl bg-white p-7 shadow-xl ring-1 shadow-slate-900/5 ring-slate-200 sm:p-10">
        <Quote aria-hidden="true" className="size-10 fill-brand-100 text-brand-200" />
        <div key={active} className="mt-4 min-h-56 transition-opacity duration-500 starting:opacity-0 sm:min-h-40">
          <blockquote className="relative text-lg leading-relaxed text-pretty text-slate-700 sm:text-xl">
            <p>“{current.text}”</p>
          </blockquote>
        </div>

        <div className="mt-8 flex items-center justify-center gap-4 sm:gap-6">
          <SideAvatar testimonial={items[previous]} onSelect={() => setActive(previous)} />
          <img src={current.image} alt="" width={80} height={80} className="size-20 rounded-full shadow-md ring-4 ring-brand-100" />
          <SideAvatar testimonial={items[next]} onSelect={() => setActive(next)} />
        </div>
        <div className="mt-4 text-center">
          <p className="font-semibold text-slate-900">{current.name}</p>
          <p className="text-sm text-slate-600">
            {current.position}, <span className="font-medium text-brand-700">{current.company}</span>
          </p>
        </div>
      </div>

      <div className="mt-6 flex justify-center gap-1">
        {items.map((item, index) => (
          <button
            key={item.id ?? item.name}
            type="button"
            onClick={() => setActive(index)}
            aria-label={`Show testimonial ${index + 1} of ${count}`}
            aria-current={index === active ? 'true' : undefined}
            className="group grid h-8 min-w-8 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span
              className={clsx(
                'block h-2.5 rounded-full transition-all',
                index === active ? 'w-7 bg-brand-600' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

function SideAvatar({ testimonial, onSelect }: { testimonial: TTestimonial | undefined; onSelect: () => void }) {
  if (!testimonial) return null;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-label={`Show testimonial from ${testimonial.name}`}
      className="rounded-full opacity-60 grayscale-[40%] transition hover:scale-105 hover:opacity-100 hover:grayscale-0 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <img src={testimonial.image} alt="" width={48} height={48} className="size-12 rounded-full" />
    </button>
  );
}
