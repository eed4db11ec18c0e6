import { COMPANY } from '@courier/contract';
import { ExternalLink, MapPin } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

// Leaflet loads only with the map, once the visitor scrolls near it: never on the first paint of the page.
const OfficeMap = lazy(() => import('./office-map').then((m) => ({ default: m.OfficeMap })));

const { lat, lng } = COMPANY.officeCoords;
const directionsHref = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

/** A map that fails to load leaves the plain box with the address, never a broken page. */
class MapErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Stands in for the map while Leaflet loads, or for good if it cannot. */
const pin = (
  <MapPin aria-hidden="true" className="absolute top-1/2 left-1/2 size-10 -translate-x-1/2 -translate-y-full fill-brand-600 text-white" />
);

/** True once the element has come within a screen of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** The office on a map with its address beside (phones) or over it; tiles come from GET /api/v1/config. */
export function OfficeMapCard() {
  const [mapBox, near] = useNearViewport<HTMLDivElement>();
  return (
    <div className="flex flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200 sm:relative sm:isolate sm:min-h-96 lg:min-h-full">
      <div ref={mapBox} className="relative isolate h-72 bg-slate-100 sm:absolute sm:inset-0 sm:h-auto">
        {/* A calm grid shows through wherever tiles are missing (offline, blocked). */}
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[linear-gradient(to_right,rgb(148_163_184/0.22)_1px,transparent_1px),linear-gradient(to_bottom,rgb(148_163_184/0.22)_1px,transparent_1px)] bg-[size:32px_32px]"
        />
        {near ? (
          <MapErrorBoundary fallback={pin}>
            <Suspense fallback={pin}>
              <OfficeMap />
            </Suspense>
          </MapErrorBoundary>
        ) : (
          pin
        )}
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-200 p-4 sm:absolute sm:bottom-4 sm:left-4 sm:z-[500] sm:max-w-xs sm:rounded-2xl sm:border-0 sm:bg-white/95 sm:shadow-lg sm:ring-1 sm:ring-slate-900/5 sm:backdrop-blur">
        <div className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div>
            <p className="font-semibold text-slate-900">{COMPANY.name} office</p>
            <address className="text-sm text-slate-600 not-italic">{COMPANY.address}</address>
          </div>
        </div>
        <a
          href={directionsHref}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          Get directions
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </div>
    </div>
  );
}
