/** Marker colours, shared by the pins on the map and the legend above it. */
export const PIN_COLORS = { origin: '#0c7792', current: '#2563eb', destination: '#e11d48' } as const;
