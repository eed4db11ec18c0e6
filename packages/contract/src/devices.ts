import { z } from 'zod';
import { CELSIUS_MAX, CELSIUS_MIN, TEMPERATURE_CLASSES } from './medical.js';
import { line } from './text.js';

/** A logger's or gateway's own name for itself (printed on the device, scanned by the driver). */
export const ZDeviceId = z
  .string()
  .trim()
  .min(1, 'deviceId is required')
  .max(64, 'deviceId is at most 64 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'deviceId may hold letters, digits and . _ : -');

export const DEVICE_READINGS_MAX = 1000;

/** POST /api/v1/devices/readings: a logger's readings, buffered ones from hours ago in any order. */
export const ZDeviceReadingsRequest = z.object({
  deviceId: ZDeviceId,
  readings: z
    .array(
      z.object({
        at: z.coerce.date({ error: 'at must be a date and time' }),
        celsius: z.number().min(CELSIUS_MIN).max(CELSIUS_MAX),
      }),
    )
    .min(1, 'Send at least one reading')
    .max(DEVICE_READINGS_MAX, `At most ${DEVICE_READINGS_MAX} readings a call`),
});
export type TDeviceReadingsRequest = z.infer<typeof ZDeviceReadingsRequest>;

export const ZDeviceReadingsResponse = z.object({
  success: z.literal(true),
  /** Readings stored now; `duplicates` were stored before (the same device and time). */
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /** Tracking numbers placed on hold by these readings. */
  held: z.array(z.string()),
});

/**
 * The driver scans the logger in the cooler onto the parcel at pickup; `piece` (a barcode, MC...-02) when it travels
 * in one piece of several. Its readings count for the whole delivery either way.
 */
export const ZBindLoggerRequest = z.object({
  loggerId: ZDeviceId,
  piece: line('piece', 40).min(1, 'piece is a piece barcode (MC...-01)').optional(),
});

export const BOUNDARY_SEVERITIES = ['warning', 'critical'] as const;
export const ZTemperatureBoundary = z
  .object({
    above: z.number().min(CELSIUS_MIN).max(CELSIUS_MAX).optional(),
    below: z.number().min(CELSIUS_MIN).max(CELSIUS_MAX).optional(),
    /** Cumulative minutes beyond the limit before it is a breach; 0: at once. */
    minutes: z.number().int().min(0).max(1440),
    severity: z.enum(BOUNDARY_SEVERITIES),
  })
  .refine((b) => (b.above === undefined) !== (b.below === undefined), {
    message: 'A boundary sets either above or below',
    path: ['above'],
  });
export type TTemperatureBoundary = z.infer<typeof ZTemperatureBoundary>;

export const ZTemperatureRuleRequest = z.object({ boundaries: z.array(ZTemperatureBoundary).min(1).max(10) });
export const ZTemperatureClassParams = z.object({ temperatureClass: z.enum(TEMPERATURE_CLASSES) });
export const ZTemperatureRule = z.object({
  temperatureClass: z.enum(TEMPERATURE_CLASSES),
  boundaries: z.array(ZTemperatureBoundary),
  /** False: the class's range at once (what a probe reading does), until an administrator sets boundaries. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TTemperatureRule = z.infer<typeof ZTemperatureRule>;
export const ZTemperatureRuleResponse = z.object({ success: z.literal(true), message: z.string(), data: ZTemperatureRule });
export const ZTemperatureRulesResponse = z.object({ success: z.literal(true), data: z.array(ZTemperatureRule) });

export const ZDevice = z.object({
  deviceId: z.string(),
  lastReadingAt: z.string().nullable(),
  lastCelsius: z.number().nullable(),
  /** When the device last sent anything (its newest call, whatever the readings' own times). */
  lastHeardAt: z.string().nullable(),
  /** Deliveries it is bound to now (on board, not yet delivered). */
  boundTo: z.array(
    z.object({
      deliveryId: z.string(),
      orderId: z.string(),
      /** The barcode of the piece it travels in, when the driver named one. */
      piece: z.string().optional(),
    }),
  ),
});
export const ZDevicesResponse = z.object({ success: z.literal(true), data: z.array(ZDevice) });

const isoDate = z.iso.datetime();

/** A span of the trace: a breach's time beyond its boundary, or a logger's silence. */
export const ZTraceSpan = z.object({ from: isoDate, to: isoDate });

/**
 * GET /api/v1/deliveries/{id}/temperature (owner and staff) and GET /api/v1/receipts/{token}/temperature (the
 * receiving lab): the parcel's readings (probe and logger), its class's boundaries, the loggers' breaches and gaps.
 */
export const ZTemperatureTrace = z.object({
  orderId: z.string(),
  temperatureClass: z.enum(TEMPERATURE_CLASSES),
  readings: z.array(
    z.object({
      at: isoDate,
      celsius: z.number(),
      /** probe: typed by the driver; logger: a logger's file or the logger on its own (then deviceId). */
      source: z.enum(['probe', 'logger']),
      deviceId: z.string().nullable(),
      /** The barcode of the piece the logger travels in, when the driver named one. */
      piece: z.string().optional(),
      inRange: z.boolean(),
    }),
  ),
  boundaries: z.array(ZTemperatureBoundary),
  /** Each boundary a logger's trace breached: when (`at`) and the readings beyond it (`from` to `to`). */
  breaches: z.array(
    ZTraceSpan.extend({
      deviceId: z.string(),
      piece: z.string().optional(),
      at: isoDate,
      celsius: z.number(),
      boundary: ZTemperatureBoundary,
      words: z.string(),
    }),
  ),
  /** Silences longer than three logging intervals; `open`: the logger has said nothing since, on board. */
  gaps: z.array(ZTraceSpan.extend({ deviceId: z.string(), piece: z.string().optional(), open: z.boolean() })),
});
export type TTemperatureTrace = z.infer<typeof ZTemperatureTrace>;
export const ZTemperatureTraceResponse = z.object({ success: z.literal(true), data: ZTemperatureTrace });
export type TDevice = z.infer<typeof ZDevice>;
export type TDevicesResponse = z.infer<typeof ZDevicesResponse>;
export type TTemperatureRulesResponse = z.infer<typeof ZTemperatureRulesResponse>;
