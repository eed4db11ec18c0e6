import { useSyncExternalStore } from 'react';

/** Chromium's install offer; not in the DOM typings yet. */
export interface TBeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** The platforms the install banner is for. */
export const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|webOS|BlackBerry|Windows Phone/i;
/** sessionStorage key: 'Later' hides the banner until the tab is closed. */
export const INSTALL_LATER_KEY = 'pwa-install-later';

let deferred: TBeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

// Listen from module load, before React mounts: the browser may offer installation early and only once.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as TBeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The kept install offer, or null when the browser has not offered (or the app is installed). */
export function useInstallPrompt(): TBeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
}

/** Shows the browser's install dialog; the offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = deferred;
  if (!offer) return 'unavailable';
  deferred = null;
  notify();
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  return outcome;
}
