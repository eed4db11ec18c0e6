import { LOCATION_SHARE_INTERVAL_MS } from '@courier/contract';
import { useEffect, useState } from 'react';
import { shareLocation } from '../api/share-location';

const KEY = 'driver-share-location';

/** The driver's answer, kept on this phone: null until asked (once, at the first open job). */
export type TShareChoice = boolean | null;

export function readShareChoice(): TShareChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === '1' ? true : value === '0' ? false : null;
  } catch {
    return null;
  }
}

export function useShareLocationChoice(): [TShareChoice, (on: boolean) => void] {
  const [choice, setChoice] = useState<TShareChoice>(readShareChoice);
  const set = (value: boolean) => {
    setChoice(value);
    try {
      localStorage.setItem(KEY, value ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page
    }
  };
  return [choice, set];
}

export type TShareState =
  | { kind: 'off' }
  | { kind: 'idle' }
  | { kind: 'shared'; label: string | null; at: Date }
  | { kind: 'error'; text: string };

/**
 * While sharing is on and a job is open, posts the phone's position now and every 30 s, whichever driver
 * screen is showing. A missed position is not queued: a stale one would mislead.
 */
export function useShareLocation(on: boolean, active: boolean): TShareState {
  const [state, setState] = useState<TShareState>({ kind: 'off' });
  useEffect(() => {
    if (!on || !active) {
      setState({ kind: on ? 'idle' : 'off' });
      return;
    }
    if (!('geolocation' in navigator)) {
      setState({ kind: 'error', text: 'This phone cannot share its location.' });
      return;
    }
    let stopped = false;
    const post = () =>
      navigator.geolocation.getCurrentPosition(
        (position) => {
          shareLocation({ lat: position.coords.latitude, lng: position.coords.longitude })
            .then((body) => !stopped && setState({ kind: 'shared', label: body.data.label, at: new Date(body.data.at) }))
            .catch(() => !stopped && setState({ kind: 'error', text: 'Could not send the location; trying again.' }));
        },
        () => !stopped && setState({ kind: 'error', text: 'Location permission is off for this site.' }),
        { enableHighAccuracy: true, maximumAge: 15_000, timeout: 20_000 },
      );
    post();
    const timer = setInterval(post, LOCATION_SHARE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [on, active]);
  return state;
}
