import L from 'leaflet';
import { PIN_COLORS } from '../lib/map-colors';

const PIN_PATH = 'M16 1C7.7 1 1 7.6 1 15.8 1 26.9 16 41 16 41s15-14.1 15-25.2C31 7.6 24.3 1 16 1z';

/** A drop pin with a letter: divIcons need no image files, which Vite would otherwise have to be told about. */
function letterPin(color: string, letter: string): L.DivIcon {
  return L.divIcon({
    className: 'route-pin',
    html: `<svg width="32" height="42" viewBox="0 0 32 42" aria-hidden="true" style="filter:drop-shadow(0 2px 2px rgb(15 23 42 / .35))"><path d="${PIN_PATH}" fill="${color}" stroke="#fff" stroke-width="2"/><text x="16" y="21" text-anchor="middle" font-family="Inter,system-ui,sans-serif" font-size="13" font-weight="700" fill="#fff">${letter}</text></svg>`,
    iconSize: [32, 42],
    iconAnchor: [16, 41],
    popupAnchor: [0, -38],
  });
}

/** The parcel's last known place: a pulsing dot, like a live position. */
function currentDot(color: string): L.DivIcon {
  return L.divIcon({
    className: 'route-pin',
    html: `<span style="position:relative;display:block;width:24px;height:24px"><span class="animate-ping" style="position:absolute;inset:0;border-radius:9999px;background:${color};opacity:.35"></span><span style="position:absolute;inset:3px;border-radius:9999px;background:${color};border:3px solid #fff;box-shadow:0 1px 4px rgb(15 23 42 / .4)"></span></span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
    popupAnchor: [0, -14],
  });
}

export const routePins = {
  origin: letterPin(PIN_COLORS.origin, 'A'),
  destination: letterPin(PIN_COLORS.destination, 'B'),
  current: currentDot(PIN_COLORS.current),
};
