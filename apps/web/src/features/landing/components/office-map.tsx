import 'leaflet/dist/leaflet.css';
import { COMPANY } from '@courier/contract';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer, Tooltip } from 'react-leaflet';
import { useAppConfig } from '@/hooks/use-app-config';

// Leaflet finds its marker images from its own CSS path, which a bundler breaks: point it at the bundled files.
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

/** A transparent pixel in place of tiles that fail to load (offline, blocked): the grid behind stays clean. */
const EMPTY_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function OfficeMap() {
  const { data: config } = useAppConfig();
  const center: L.LatLngExpression = [COMPANY.officeCoords.lat, COMPANY.officeCoords.lng];
  return (
    <MapContainer
      center={center}
      zoom={15}
      scrollWheelZoom={false}
      className="absolute inset-0 z-0 h-full w-full bg-transparent! [&_.leaflet-control-attribution]:m-2! [&_.leaflet-control-attribution]:rounded-md!"
      aria-label={`Map of the ${COMPANY.name} office at ${COMPANY.address}`}
    >
      {config?.mapTileUrl ? <TileLayer url={config.mapTileUrl} attribution={ATTRIBUTION} errorTileUrl={EMPTY_TILE} /> : null}
      <Marker position={center} alt={`${COMPANY.name} office`}>
        <Tooltip direction="top" offset={[0, -36]}>
          {COMPANY.address}
        </Tooltip>
      </Marker>
    </MapContainer>
  );
}
