import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_LATER_KEY } from '../install-prompt';
import { InstallBanner } from './install-banner';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const originalAgent = navigator.userAgent;

function useAgent(agent: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: agent, configurable: true });
}

/** What Chromium fires when the app may be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string; platform: string }>;
  };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  useAgent(originalAgent);
  sessionStorage.clear();
  // Leaves no offer behind for the next test.
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
});

describe('install banner', () => {
  it('stays hidden until the browser offers installation', () => {
    useAgent(ANDROID);
    render(<InstallBanner />);
    expect(screen.queryByRole('region', { name: 'Install app' })).toBeNull();

    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('region', { name: 'Install app' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Later' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Install' })).toBeVisible();
  });

  it('is not shown on desktop browsers', () => {
    useAgent(DESKTOP);
    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install app' })).toBeNull();
  });

  it("'Install' opens the browser's install dialog once and hides the banner", async () => {
    useAgent(ANDROID);
    render(<InstallBanner />);
    const event = offerInstall();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Install app' })).toBeNull();
  });

  it("'Later' hides it for the rest of the session", () => {
    useAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148');
    const { unmount } = render(<InstallBanner />);
    offerInstall();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'Install app' })).toBeNull();
    expect(sessionStorage.getItem(INSTALL_LATER_KEY)).toBe('true');

    // A new page in the same session: still hidden, even with a fresh offer.
    unmount();
    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install app' })).toBeNull();
  });
});
