import { TIMINGS } from '@courier/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { scrollToElement, waitForElement } from '@/lib/scroll';

interface TScrollState {
  scrollTo?: string;
}

/**
 * Header and footer links to landing sections: on / scroll smoothly over 300 ms;
 * elsewhere go to / and let usePendingSectionScroll scroll over 800 ms with a -70 px offset.
 */
export function useSectionNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (sectionId: string) => {
    if (pathname === paths.home) {
      const element = document.getElementById(sectionId);
      if (element) scrollToElement(element, { duration: TIMINGS.scrollOnPageMs });
      return;
    }
    const state: TScrollState = { scrollTo: sectionId };
    void navigate(paths.home, { state });
  };
}

/** Runs in the public layout: finishes a section link chosen on another page. */
export function usePendingSectionScroll() {
  const location = useLocation();
  const sectionId = (location.state as TScrollState | null)?.scrollTo;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each history entry (location.key) scrolls once
  useEffect(() => {
    if (location.pathname !== paths.home || !sectionId) return;
    let cancelled = false;
    void waitForElement(sectionId).then((element) => {
      if (element && !cancelled) {
        scrollToElement(element, { duration: TIMINGS.scrollFromOtherPageMs, offset: TIMINGS.scrollOffset });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [location.key, location.pathname, sectionId]);
}
