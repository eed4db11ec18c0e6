const easeInOutQuad = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Scrolls the window to the element plus `offset` px (-70 leaves it 70 px below the top), over `duration` ms. */
export function scrollToElement(element: Element, { duration, offset = 0 }: { duration: number; offset?: number }): void {
  const start = window.scrollY;
  const target = Math.max(0, element.getBoundingClientRect().top + start + offset);
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (duration <= 0 || reduceMotion) {
    window.scrollTo(0, target);
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / duration);
    window.scrollTo(0, start + (target - start) * easeInOutQuad(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Resolves with the element once it is in the document (a lazy page may still be loading), or null. */
export function waitForElement(id: string, timeoutMs = 3000): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const look = () => {
      const element = document.getElementById(id);
      if (element) resolve(element);
      else if (performance.now() - startedAt > timeoutMs) resolve(null);
      else requestAnimationFrame(look);
    };
    look();
  });
}
