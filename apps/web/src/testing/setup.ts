import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

beforeAll(() => {
  // jsdom has no scrolling; the router's scroll restoration calls it.
  if (typeof window !== 'undefined') window.scrollTo = () => {};
});

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
});
