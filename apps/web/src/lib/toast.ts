import { useSyncExternalStore } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify';

/*
 * react-toastify's container and styles (10 kB gzip) load with the first toast, not with every page.
 * A toast shown before the container has mounted waits in react-toastify's own queue.
 */
let requested = false;
const listeners = new Set<() => void>();

function show(level: 'success' | 'error' | 'info' | 'warning', content: ToastContent, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // One toast per event: the same words while the first still shows are the same event (a retry, a double tap).
  const toastId = options?.toastId ?? (typeof content === 'string' ? `${level}:${content}` : undefined);
  void import('react-toastify').then(({ toast: toastify }) => {
    if (toastId !== undefined && toastify.isActive(toastId)) return;
    toastify[level](content, { ...options, toastId });
  });
}

/** react-toastify's toast levels the app uses. */
export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  warning: (content: ToastContent, options?: ToastOptions) => show('warning', content, options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether any toast has been shown yet: the container is needed from then on. */
export const useToastsRequested = (): boolean => useSyncExternalStore(subscribe, () => requested);
