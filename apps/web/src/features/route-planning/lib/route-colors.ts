/**
 * One colour per driver on the plan: dark enough to carry a white stop number (WCAG AA on 12 px bold) and
 * far enough apart to tell routes apart. Past ten drivers the colours repeat; the list still names each route.
 */
export const ROUTE_COLORS = [
  '#1d4ed8', // blue
  '#b91c1c', // red
  '#047857', // green
  '#7c3aed', // violet
  '#b45309', // amber
  '#0e7490', // cyan
  '#be185d', // pink
  '#4d7c0f', // lime
  '#6d28d9', // purple
  '#374151', // grey
] as const;

export const routeColor = (index: number): string => ROUTE_COLORS[index % ROUTE_COLORS.length];

/** Markers of the live map (not a plan): shared by the pins and the legend. */
export const LIVE_COLORS = {
  driver: '#2563eb',
  pickup: '#0c7792',
  drop: '#475569',
  stat: '#c2410c',
  late: '#b91c1c',
} as const;
