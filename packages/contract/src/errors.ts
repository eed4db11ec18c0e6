import { z } from 'zod';

import { ERROR_CODES } from './error-codes.js';

export * from './error-codes.js';
export const ZErrorCode = z.enum(ERROR_CODES);

export const ZFieldIssue = z.object({ field: z.string(), message: z.string() });
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

/**
 * The body of every 4xx and 5xx answer, Fastify's own included. `field` names the offending input of a
 * validation error (its first issue; all of them in `errors`); `retryAfter` (seconds) sits beside the
 * Retry-After header of a 429.
 */
export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string().min(1),
  error: ZErrorCode,
  field: z.string().optional(),
  errors: z.array(ZFieldIssue).optional(),
  retryAfter: z.number().int().nonnegative().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
