import {
  MESSAGES,
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLogoutRequest,
  ZRefreshTokenRequest,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZUpdateNotificationPreferencesRequest,
  ZUpdateProfileRequest,
  ZVerifyOtpRequest,
  ZLoginResponse,
  ZMeResponse,
  ZMessageResponse,
  ZPreferencesResponse,
  ZProfileResponse,
  ZRefreshResponse,
  ZVerifyEmailQuery,
} from '@courier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import { rateLimitResponse } from '../../plugins/errors.js';
import { verifyAccessToken } from '../../platform/access-token.js';
import { RATE_LIMITS } from '../../platform/auth-policy.js';
import { changePassword } from './change-password.js';
import { readOwnAccount } from './read-own-account.js';
import { warmUpDummyHash } from '../../platform/passwords.js';
import { registerCustomer } from './register-customer.js';
import { requestPasswordReset } from './request-password-reset.js';
import { resendLoginCode } from './resend-login-code.js';
import { resetPassword } from './reset-password.js';
import { rotateRefreshToken } from './rotate-refresh-token.js';
import { signIn } from './sign-in.js';
import { signOut } from './sign-out.js';
import { updateNotificationPreferences } from './update-notification-preferences.js';
import { updateProfile } from './update-profile.js';
import { verifyEmail } from './verify-email.js';
import { verifyLoginCode } from './verify-login-code.js';

const tags = ['auth'];

/** A per-address limit whose 429 carries Retry-After and, for login, the contract's lockout message. */
const perAddress = (limit: { max: number; timeWindow: number }, message?: string) => ({
  rateLimit: { ...limit, errorResponseBuilder: rateLimitResponse(message) },
});

/** The session (refresh-token family) of the request's access token, when it names one. */
async function sessionIdOf(request: FastifyRequest): Promise<string | undefined> {
  const token = request.headers.authorization?.slice(7).trim() ?? '';
  const { jwtKey, clock } = request.server.services;
  return (await verifyAccessToken(jwtKey, token, clock.now())).sid;
}

/** Sign-up, sign-in (password, then e-mail code when unverified), tokens, password reset and account settings. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  void warmUpDummyHash();

  app.post(
    '/v1/auth/register',
    { config: perAddress(RATE_LIMITS.register), schema: { tags, body: ZRegisterRequest, response: { 201: ZMessageResponse } } },
    async (request, reply) => reply.status(201).send(await registerCustomer(services, anonymousOf(request), request.body)),
  );

  app.post(
    '/v1/auth/login',
    { config: perAddress(RATE_LIMITS.login, MESSAGES.login429), schema: { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } } },
    async (request) => signIn(services, anonymousOf(request), request.body),
  );

  app.post(
    '/v1/auth/verify-otp',
    {
      config: perAddress(RATE_LIMITS.verifyOtp, MESSAGES.login429),
      schema: { tags, body: ZVerifyOtpRequest, response: { 200: ZLoginResponse } },
    },
    async (request) => verifyLoginCode(services, anonymousOf(request), request.body),
  );

  app.post(
    '/v1/auth/resend-otp',
    { config: perAddress(RATE_LIMITS.resendOtp), schema: { tags, body: ZResendOtpRequest, response: { 200: ZMessageResponse } } },
    async (request) => resendLoginCode(services, anonymousOf(request), request.body),
  );

  // Older clients call the refresh without /v1 (POST /api/auth/refresh-token); both paths answer.
  for (const url of ['/auth/refresh-token', '/v1/auth/refresh-token']) {
    app.post(
      url,
      { config: perAddress(RATE_LIMITS.refresh), schema: { tags, body: ZRefreshTokenRequest, response: { 200: ZRefreshResponse } } },
      async (request) => rotateRefreshToken(services, anonymousOf(request), request.body),
    );
  }

  app.post('/v1/auth/logout', { schema: { tags, body: ZLogoutRequest, response: { 200: ZMessageResponse } } }, async (request) => {
    const header = request.headers.authorization;
    const accessToken = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    return signOut(services, anonymousOf(request), { accessToken, refreshToken: request.body?.refreshToken });
  });

  app.get('/v1/auth/me', { onRequest: app.admit('signedIn'), schema: { tags, response: { 200: ZMeResponse } } }, async (request) =>
    readOwnAccount(services, actorOf(request)),
  );

  app.post(
    '/v1/auth/forgot-password',
    { config: perAddress(RATE_LIMITS.forgotPassword), schema: { tags, body: ZForgotPasswordRequest, response: { 200: ZMessageResponse } } },
    async (request) => requestPasswordReset(services, anonymousOf(request), request.body),
  );

  app.post(
    '/v1/auth/reset-password',
    { config: perAddress(RATE_LIMITS.resetPassword), schema: { tags, body: ZResetPasswordRequest, response: { 200: ZMessageResponse } } },
    async (request) => resetPassword(services, anonymousOf(request), request.body),
  );

  app.get(
    '/v1/auth/verify-email',
    { schema: { tags, querystring: ZVerifyEmailQuery, response: { 200: ZMessageResponse } } },
    async (request) => verifyEmail(services, anonymousOf(request), request.query),
  );

  app.patch(
    '/v1/auth/profile',
    { onRequest: app.admit('signedIn'), schema: { tags, body: ZUpdateProfileRequest, response: { 200: ZProfileResponse } } },
    async (request) => {
      return updateProfile(services, actorOf(request), request.body);
    },
  );

  app.post(
    '/v1/auth/change-password',
    { onRequest: app.admit('signedIn'), schema: { tags, body: ZChangePasswordRequest, response: { 200: ZMessageResponse } } },
    async (request) => changePassword(services, { ...actorOf(request), sessionId: await sessionIdOf(request) }, request.body),
  );

  app.patch(
    '/v1/auth/notification-preferences',
    {
      onRequest: app.admit('signedIn'),
      schema: { tags, body: ZUpdateNotificationPreferencesRequest, response: { 200: ZPreferencesResponse } },
    },
    async (request) => {
      return updateNotificationPreferences(services, actorOf(request), request.body);
    },
  );
};
export default authRoutes;
