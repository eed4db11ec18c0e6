import { z } from 'zod';

/** /healthz and /readyz: 'ok', or 'ready' / 'unavailable' with each store 'up' or 'down'. */
export const ZHealth = z.object({
  status: z.string(),
  database: z.string().optional(),
  files: z.string().optional(),
  replica: z.string().optional(),
});
export type THealth = z.infer<typeof ZHealth>;

/** GET /api/v1/config: what the web needs to know about this server before anyone signs in. */
export const ZServerConfig = z.object({
  mapTileUrl: z.string(),
  geocoder: z.string(),
  /** DISPATCH_PHONE: what a driver's Call dispatch button dials; null hides it. */
  dispatchPhone: z.string().nullable(),
  /** SERVICE_AREA_STATES; empty means anywhere. */
  serviceAreaStates: z.array(z.string()),
  /** The most rows one CSV import takes here (IMPORT_MAX_ROWS; 50 by default on the embedded database). */
  importMaxRows: z.number().int(),
});
export type TServerConfig = z.infer<typeof ZServerConfig>;
