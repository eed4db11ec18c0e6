import 'leaflet/dist/leaflet.css';
import type L from 'leaflet';
import { ImageOff, Maximize2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { MapContainer, TileLayer } from 'react-leaflet';

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const attributionFor = (tileUrl: string) => (tileUrl.includes('openstreetmap') ? OSM_ATTRIBUTION : undefined);

/**
 * A Leaflet map on its tiles, with a button that frames what matters and a note when the tiles cannot be had
 * (the markers still show on a plain ground). Imported only by lazily loaded maps, never with the landing page.
 */
export function BaseMap({
  onMap,
  center,
  zoom,
  tileUrl,
  fit,
  missingText,
  zoomAnimation = true,
  children,
}: {
  onMap: (map: L.Map | null) => void;
  center: [number, number];
  zoom: number;
  /** Leaflet's {z}/{x}/{y} template from the server's configuration; null when it could not be read. */
  tileUrl: string | null;
  /** The framing button, when there is something to frame. */
  fit: { label: string; onClick: () => void; disabled?: boolean } | null;
  missingText: string;
  /**
   * Leaflet ends a zoom animation on a 250 ms timer that fails once the map is removed: a map swapped out
   * while it may be zooming (tracking one number, then another) turns it off.
   */
  zoomAnimation?: boolean;
  children: ReactNode;
}) {
  const [tilesMissing, setTilesMissing] = useState(!tileUrl);
  const tilesLoaded = useRef(0);
  return (
    <>
      <MapContainer
        ref={onMap}
        center={center}
        zoom={zoom}
        scrollWheelZoom={false}
        zoomAnimation={zoomAnimation}
        className="size-full"
        // Shown wherever tiles are missing: a calm plain ground under the markers and the lines.
        style={{ background: '#e8eef3' }}
      >
        {tileUrl && (
          <TileLayer
            url={tileUrl}
            attribution={attributionFor(tileUrl)}
            eventHandlers={{
              tileload: () => {
                tilesLoaded.current += 1;
                setTilesMissing(false);
              },
              tileerror: () => {
                if (tilesLoaded.current === 0) setTilesMissing(true);
              },
            }}
          />
        )}
        {children}
      </MapContainer>
      {fit && (
        <button
          type="button"
          onClick={fit.onClick}
          disabled={fit.disabled}
          className="absolute top-2.5 right-2.5 z-[1000] inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 shadow ring-1 ring-slate-900/15 hover:bg-slate-50 disabled:opacity-60"
        >
          <Maximize2 aria-hidden="true" className="size-3.5" />
          {fit.label}
        </button>
      )}
      {tilesMissing && (
        <p
          role="status"
          className="absolute bottom-2.5 left-2.5 z-[1000] inline-flex max-w-[calc(100%-5.5rem)] items-center gap-1.5 rounded-md bg-white/95 px-2.5 py-1.5 text-xs font-medium text-slate-700 shadow ring-1 ring-slate-900/10"
        >
          <ImageOff aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
          {missingText}
        </p>
      )}
    </>
  );
}
