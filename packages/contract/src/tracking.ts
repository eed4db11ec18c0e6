import { z } from 'zod';
import { DELIVERY_STATUSES } from './deliveries.js';

/**
 * What the public may see of a delivery. The response schemas strip every other field, so a private
 * one added to a query by mistake still never leaves the server.
 */
const ZCoordsOrNull = z.object({ lat: z.number(), lng: z.number() }).nullable();

/** A street-less place: `label` and `formatted` carry the same text so either reading works. */
export const ZPublicPlace = z.object({
  label: z.string().nullable(),
  formatted: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export type TTrackingPlace = z.infer<typeof ZPublicPlace>;

export const ZCurrentLocation = ZPublicPlace.extend({
  updatedAt: z.string(),
  displayTime: z.string(),
});

export const ZTimelineEntry = z.object({
  status: z.enum(DELIVERY_STATUSES),
  location: z.string().nullable(),
  coords: ZCoordsOrNull,
  timestamp: z.string(),
  /** The server's rendering for the visitor's offset; the browser formats `timestamp` itself when it can. */
  displayTime: z.string(),
  /** A failed attempt's reason in plain words when it says nothing personal (recipient absent, no access, wrong address), else null. */
  detail: z.string().nullable(),
});

export type TTrackingEvent = z.infer<typeof ZTimelineEntry>;

export const ZTrackingResult = z.object({
  trackingNumber: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** How many pieces travel (the count only: never what they are). */
  pieceCount: z.number().int(),
  /** A hold exists (medical handling): shown as the status word "On hold", nothing more. */
  onHold: z.boolean(),
  /** The receiving laboratory rejected the parcel after delivery: shown as "Rejected by lab", never why. */
  rejected: z.boolean(),
  estimatedDelivery: z.string().nullable(),
  estimatedDeliveryDisplay: z.string().nullable(),
  /** "About 10 minutes away" (counting down) once the driver's next drop is this parcel's door; else null. */
  arrivingSoon: z.string().nullable().optional(),
  origin: ZPublicPlace.nullable(),
  destination: ZPublicPlace.nullable(),
  currentLocation: ZCurrentLocation.nullable(),
  currentLocationCoords: ZCoordsOrNull,
  timeline: z.array(ZTimelineEntry),
});
export type TTrackingResult = z.infer<typeof ZTrackingResult>;

export const ZTrackingResponse = z.object({ success: z.literal(true), data: ZTrackingResult });
export type TTrackingResponse = z.infer<typeof ZTrackingResponse>;

export const ZTrackingDetails = z.object({
  orderId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Rejected by the receiving laboratory: no feedback is asked for. */
  rejected: z.boolean(),
  feedbackSubmitted: z.boolean(),
});
export type TTrackingDetails = z.infer<typeof ZTrackingDetails>;

export const ZTrackingDetailsResponse = z.object({ success: z.literal(true), data: ZTrackingDetails });
export type TTrackingDetailsResponse = z.infer<typeof ZTrackingDetailsResponse>;
