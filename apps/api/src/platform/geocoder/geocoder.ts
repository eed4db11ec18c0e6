/** A place as the courier stores it: a street-less label the public may see, and coordinates. */
export interface GeoPlace {
  label: string;
  lat: number;
  lng: number;
}

export interface GeoSuggestion extends GeoPlace {
  /** The full text to put in the address field. */
  description: string;
}

export interface Geocoder {
  name: string;
  geocode(address: string): Promise<GeoPlace | null>;
  autocomplete(query: string, limit?: number): Promise<GeoSuggestion[]>;
}
