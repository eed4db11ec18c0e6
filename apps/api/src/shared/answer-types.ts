import type { deliveries, proofsOfDelivery, shippingLabels } from '../db/schema/index.js';

// What the answer shapes (delivery-json, attempts-json, handling-json, ...) are made from, below all of them so
// they import one another in one direction only.

export type DeliveryRow = typeof deliveries.$inferSelect;
export type LabelRow = typeof shippingLabels.$inferSelect;
export type PodRow = typeof proofsOfDelivery.$inferSelect;

/** What serializing needs: file links are signed for this reader only when they may see the files. */
export interface JsonContext {
  jwtKey: Uint8Array;
  now: Date;
  /** The account the answer is for: its file links are minted for it, and its use of them is checked and audited as its own. */
  readerId: string;
  publicUrl: string;
  /** MAX_DELIVERY_ATTEMPTS, where an answer says whether a re-attempt is still offered. */
  maxAttempts?: number;
  /** The reader sees every delivery's price (staff); otherwise only the deliveries it booked. */
  readerSeesPrices?: boolean;
}
