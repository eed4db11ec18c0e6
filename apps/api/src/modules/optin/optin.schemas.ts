import { MESSAGES, OPTIN_SOURCES, ZOptinRequest } from '@courier/contract';
import { z } from 'zod';

/**
 * The opt-in body: the contract's rules, with a missing consent box read as unticked so an empty choice
 * answers the SPEC message instead of a type error.
 */
const unticked = z.boolean().optional().default(false);
export const ZOptinBody = z.object({
  phone: ZOptinRequest.shape.phone,
  company: ZOptinRequest.shape.company,
  consent: z
    .object({ sms: unticked, email: unticked, marketing: unticked }, { error: MESSAGES.optinPreferenceRequired })
    .optional()
    .default({ sms: false, email: false, marketing: false })
    .refine((c) => c.sms || c.email || c.marketing, MESSAGES.optinPreferenceRequired),
  source: z.enum(OPTIN_SOURCES).optional().default('page'),
});
export type TOptinBody = z.infer<typeof ZOptinBody>;

export const ZOptinResponse = z.object({ success: z.literal(true), message: z.string() });
