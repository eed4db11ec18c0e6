import L from 'leaflet';
import { LIVE_COLORS } from '../lib/route-colors';

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A driver: a round badge with initials. divIcons need no image files and draw with no tiles. */
export function driverPin(initials: string): L.DivIcon {
  return L.divIcon({
    className: 'route-pin',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;border-radius:9999px;background:${LIVE_COLORS.driver};color:#fff;font:700 11px Inter,system-ui,sans-serif;border:3px solid #fff;box-shadow:0 1px 4px rgb(15 23 42 / .45)">${esc(initials)}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    popupAnchor: [0, -16],
  });
}

/** An open job's stop: a square P (pickup) or D (drop), orange for STAT, a red ring when late. */
export function jobPin(kind: 'pickup' | 'dropoff', stat: boolean, late: boolean): L.DivIcon {
  const fill = stat ? LIVE_COLORS.stat : kind === 'pickup' ? LIVE_COLORS.pickup : LIVE_COLORS.drop;
  const ring = late ? `box-shadow:0 0 0 3px ${LIVE_COLORS.late}` : 'box-shadow:0 1px 3px rgb(15 23 42 / .4)';
  return L.divIcon({
    className: 'route-pin',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:5px;background:${fill};color:#fff;font:700 11px Inter,system-ui,sans-serif;border:2px solid #fff;${ring}">${kind === 'pickup' ? 'P' : 'D'}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
    popupAnchor: [0, -12],
  });
}

/** A planned stop: its number in the driver's route, in the driver's colour; a pickup round, a drop square. */
export function stopPin(n: number, color: string, kind: 'pickup' | 'dropoff'): L.DivIcon {
  return L.divIcon({
    className: 'route-pin',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:${kind === 'pickup' ? '9999px' : '5px'};background:${color};color:#fff;font:700 11px Inter,system-ui,sans-serif;border:2px solid #fff;box-shadow:0 1px 3px rgb(15 23 42 / .45)">${n}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    popupAnchor: [0, -13],
  });
}
