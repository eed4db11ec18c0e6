import {
  LOCATION_POSTS_PER_MINUTE,
  ZDriverJobResponse,
  ZDriverJobsResponse,
  ZDriverLocationRequest,
  ZDriverLocationResponse,
  ZDriverArrivedRequest,
  ZDriverStatusRequest,
  ZAnyIdParams,
  ZIdempotencyHeaders,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { recordArrival } from '../deliveries/record-arrival.js';
import { toDriverJobJson } from '../../shared/driver-job-json.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { attachAttemptPhoto, readAttemptPhoto } from './attach-attempt-photo.js';
import { listDriverJobs } from './list-driver-jobs.js';
import { moveJob } from './move-job.js';
import { readProofForm } from './read-proof-form.js';
import { recordDriverLocation } from './record-driver-location.js';
import { recordProofOfDelivery } from './record-proof-of-delivery.js';

/** The driver's phone: today's jobs, moves, proof of delivery and position (DRIVER only). */
const driverRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = { onRequest: app.admit('driver') };
  const schema = { tags: ['driver'], security: [{ bearer: [] }] };

  app.get('/v1/driver/deliveries', { ...common, schema: { ...schema, response: { 200: ZDriverJobsResponse } } }, async (request) =>
    listDriverJobs(services, actorOf(request)),
  );

  app.post(
    '/v1/driver/deliveries/:id/status',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'moving_to_pickup_location, picked_up (with scannedOrderId), in_transit, or failed_attempt (with reason: recipient_absent, refused, wrong_address, access_denied, damaged, unsafe_location or other, which needs a note). A retry with the same Idempotency-Key applies once.',
        params: ZAnyIdParams,
        headers: ZIdempotencyHeaders,
        body: ZDriverStatusRequest,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) =>
      moveJob(services, actorOf(request), {
        ...request.body,
        idOrTrackingNumber: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
      }),
  );

  app.post(
    '/v1/driver/deliveries/:id/arrived',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'The driver of the job is at a stop (pickup: while assigned or on the way to it; dropoff: with the parcel). Waited minutes run from the first tap to the pickup confirmation or the proof of delivery; a second tap keeps the first time.',
        params: ZAnyIdParams,
        body: ZDriverArrivedRequest,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const arrived = await recordArrival(services, actor, { idOrTrackingNumber: request.params.id, stop: request.body.stop });
      return toDriverJobJson(services, actor, arrived.deliveryId, arrived.first ? 'Arrival recorded' : 'Arrival was already recorded');
    },
  );

  app.post(
    '/v1/driver/deliveries/:id/pod',
    {
      ...common,
      schema: {
        ...schema,
        description:
          'multipart/form-data: photo (JPEG, PNG or WebP) and/or signature (PNG), recipientName, notes (up to 1000), lat and lng optional. Moves the job to delivered; on a returning job it records the hand-back to the sender (recipientName is who took it back) and moves it to returned. Honours Idempotency-Key.',
        params: ZAnyIdParams,
        headers: ZIdempotencyHeaders,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) =>
      recordProofOfDelivery(services, actorOf(request), {
        idOrTrackingNumber: request.params.id,
        ...(await readProofForm(request)),
        idempotencyKey: request.headers['idempotency-key'],
      }),
  );

  app.post(
    '/v1/driver/deliveries/:id/attempt-photo',
    {
      ...common,
      schema: {
        ...schema,
        description:
          "multipart/form-data: file (JPEG, PNG or WebP, up to 5 MB). Adds the photo to the caller's latest failed attempt on this delivery. Honours Idempotency-Key.",
        params: ZAnyIdParams,
        headers: ZIdempotencyHeaders,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) =>
      attachAttemptPhoto(services, actorOf(request), {
        idOrTrackingNumber: request.params.id,
        photo: await readAttemptPhoto(request),
        idempotencyKey: request.headers['idempotency-key'],
      }),
  );

  app.post(
    '/v1/driver/location',
    {
      ...common,
      config: perCallerLimit(LOCATION_POSTS_PER_MINUTE, '1 minute'),
      schema: { ...schema, body: ZDriverLocationRequest, response: { 200: ZDriverLocationResponse } },
    },
    async (request) => recordDriverLocation(services, actorOf(request), request.body),
  );
};
export default driverRoutes;
