/** What the dispatch map draws, apart from where it came from (the live map, a plan's preview). */

export interface TMapDriver {
  driverId: string;
  name: string;
  lat: number;
  lng: number;
  /** "4 min ago": how old the position is. */
  age: string;
  /** The tracking number of the job under way, or null. */
  currentJob: string | null;
}

/** A pickup or a drop of one delivery, at its place. */
interface TMapPlace {
  deliveryId: string;
  trackingNumber: string;
  kind: 'pickup' | 'dropoff';
  lat: number;
  lng: number;
  address: string;
}

export interface TMapJob extends TMapPlace {
  stat: boolean;
  late: boolean;
  driverName: string | null;
}

export interface TMapStop extends TMapPlace {
  /** 1-based place in the driver's route. */
  n: number;
  arrivalText: string;
}

export interface TMapRoute {
  driverId: string;
  name: string;
  color: string;
  start: { lat: number; lng: number } | null;
  stops: TMapStop[];
}
