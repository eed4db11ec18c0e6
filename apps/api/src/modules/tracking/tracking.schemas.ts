import { ZErrorBody } from '@courier/contract';

/** A tracking miss answers the contract's error body. */
export const ZTrackingErrorResponse = ZErrorBody;

/** About one lookup a second per address: plenty for a person, slow for guessing numbers. */
export const TRACKING_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
