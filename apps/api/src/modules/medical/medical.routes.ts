import {
  TEMPERATURE_LOG_MAX_ROWS,
  ZAdminDeliveryResponse,
  ZDispositionRequest,
  ZDriverManifestsQuery,
  ZDriverManifestsResponse,
  ZDriverJobResponse,
  ZLabReceiptPage,
  ZManifestReceiptRequest,
  ZReceiptRequest,
  ZTemperatureReadingRequest,
  ZAnyIdParams,
  ZIdempotencyHeaders,
  ZReceiptTokenParams,
  ZTemperatureLogCsv,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import { listDriverManifests } from './list-driver-manifests.js';
import { recordDisposition } from './record-disposition.js';
import { readReceiptPage, recordReceiptForLab, submitReceipt } from './record-receipt.js';
import { recordTemperature, uploadTemperatureLog } from './record-temperature.js';

/** 10,000 rows of "2026-03-02T15:00:00.000Z,4.25" with room for longer time formats. */
const LOG_BODY_LIMIT = TEMPERATURE_LOG_MAX_ROWS * 80 + 1024;

/** Medical handling: the driver's readings, staff's dispositions and receipts, the receiving end's page. */
const medicalRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: LOG_BODY_LIMIT }, (_req, body, done) => done(null, body));

  const driver = { onRequest: app.admit('driver') };
  const driverSchema = { tags: ['driver'], security: [{ bearer: [] }] };
  app.post(
    '/v1/driver/deliveries/:id/temperature',
    {
      ...driver,
      schema: {
        ...driverSchema,
        description: 'One probe reading (°C) of a parcel on board; out of range puts the delivery on hold. Honours Idempotency-Key.',
        params: ZAnyIdParams,
        headers: ZIdempotencyHeaders,
        body: ZTemperatureReadingRequest,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) =>
      recordTemperature(services, actorOf(request), {
        ...request.body,
        idOrTrackingNumber: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
      }),
  );
  app.post(
    '/v1/driver/deliveries/:id/temperature-log',
    {
      ...driver,
      bodyLimit: LOG_BODY_LIMIT,
      schema: {
        ...driverSchema,
        description: `text/csv: a data logger's time,celsius rows (up to ${TEMPERATURE_LOG_MAX_ROWS}); a bad row answers 400 naming its line.`,
        params: ZAnyIdParams,
        headers: ZIdempotencyHeaders,
        body: ZTemperatureLogCsv,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) =>
      uploadTemperatureLog(services, actorOf(request), {
        csv: request.body,
        idOrTrackingNumber: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
      }),
  );

  app.get(
    '/v1/driver/manifests',
    {
      ...driver,
      schema: {
        ...driverSchema,
        description:
          "The caller's own deliveries of one business day (`date` YYYY-MM-DD, default today), one manifest per drop-off address as the lab door groups them: those dropped that day and the open jobs to drop that day; each with its address, delivery and piece counts, and its deliveries (tracking number, clinic, pieces with barcode, seq, kind, accession and status).",
        querystring: ZDriverManifestsQuery,
        response: { 200: ZDriverManifestsResponse },
      },
    },
    async (request) => listDriverManifests(services, actorOf(request), request.query),
  );

  const staff = { onRequest: app.admit('staff') };
  const staffSchema = { tags: ['dispatch'], security: [{ bearer: [] }] };
  app.post(
    '/v1/admin/deliveries/:id/disposition',
    {
      ...staff,
      schema: {
        ...staffSchema,
        description: 'MANAGER and above: continue, return or discard a delivery on hold.',
        params: ZAnyIdParams,
        body: ZDispositionRequest,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => recordDisposition(services, actorOf(request), { ...request.body, idOrTrackingNumber: request.params.id }),
  );
  app.post(
    '/v1/admin/deliveries/:id/receipt',
    {
      ...staff,
      schema: {
        ...staffSchema,
        description: "Record the receiving lab's receipt (accepted or rejected with a reason), once.",
        params: ZAnyIdParams,
        body: ZReceiptRequest,
        response: { 200: ZAdminDeliveryResponse },
      },
    },
    async (request) => recordReceiptForLab(services, actorOf(request), { ...request.body, idOrTrackingNumber: request.params.id }),
  );

  const publicSchema = { tags: ['receipts'] };
  app.get(
    '/v1/receipts/:token',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { ...publicSchema, params: ZReceiptTokenParams, response: { 200: ZLabReceiptPage } },
    },
    async (request) => readReceiptPage(services, anonymousOf(request), { token: request.params.token }),
  );
  app.post(
    '/v1/receipts/:token',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        ...publicSchema,
        description:
          "The lab's answer, once: `pieces` (each received, missing, damaged, rejected or unexpected) and receivedBy for the manifest, or today's one-parcel status.",
        params: ZReceiptTokenParams,
        body: z.union([ZReceiptRequest, ZManifestReceiptRequest]),
        response: { 200: ZLabReceiptPage },
      },
    },
    async (request) => submitReceipt(services, anonymousOf(request), { ...request.body, token: request.params.token }),
  );
};
export default medicalRoutes;
