import { type RefObject, useLayoutEffect, useState } from 'react';

/** The element's content width, following resizes (window, sidebar collapse); `fallback` before the first measure. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 0): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
