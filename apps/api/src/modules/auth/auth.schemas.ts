import { safeText, ZLoginSuccess, ZLoginVerificationRequired, ZNotificationPreferences, ZPublicUser } from '@courier/contract';
import { z } from 'zod';

/** Response shapes of the account routes: each lists its fields, nothing else leaves. */

export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });

export const ZLoginResponse = z.union([ZLoginSuccess, ZLoginVerificationRequired]);

export const ZRefreshResponse = z.object({ success: z.literal(true), token: z.string(), refreshToken: z.string() });

export const ZMeResponse = z.object({ success: z.literal(true), data: ZPublicUser });

export const ZProfileResponse = z.object({ success: z.literal(true), message: z.string(), data: ZPublicUser });

export const ZPreferencesResponse = z.object({ success: z.literal(true), message: z.string(), data: ZNotificationPreferences });

export const ZVerifyEmailQuery = z.object({ token: safeText('Token').max(200).optional() });

export type TMessageResponse = z.infer<typeof ZMessageResponse>;
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;
export type TMeResponse = z.infer<typeof ZMeResponse>;
