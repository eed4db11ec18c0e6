import { LOCATION_SHARE_INTERVAL_MS } from '@courier/contract';
import { useEffect, useState } from 'react';
import { shareLocation } from '../api/share-location';

const KEY = 'driver-share-location';

/** The driver's choice, kept on this phone. */
export function useShareLocationChoice(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(KEY) === '1';
    } catch {
      return false;
    }
  });
  const set = (value: boolean) => {
    setOn(value);
    try {
      if (value) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // private mode: the choice lasts for this page
    }
  };
  return [on, set];
}

export type TShareState =
  | { kind: 'off' }
  | { kind: 'idle' }
  | { kind: 'shared'; label: string | null; at: Date }
  | { kind: 'error'; text: string };

/**
 * While the switch is on and a job is active, posts the phone's position now and every 30 s. A missed
 * position is not queued: a stale one would mislead.
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
