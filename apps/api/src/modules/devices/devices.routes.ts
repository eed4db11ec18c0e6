import {
  ZAnyIdParams,
  ZBindLoggerRequest,
  ZDeviceReadingsRequest,
  ZDeviceReadingsResponse,
  ZDevicesResponse,
  ZDriverJobResponse,
  ZReceiptTokenParams,
  ZTemperatureClassParams,
  ZTemperatureRuleRequest,
  ZTemperatureRuleResponse,
  ZTemperatureRulesResponse,
  ZTemperatureTraceResponse,
} from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../platform/csv.js';
import { actorOf, anonymousOf } from '../../plugins/auth.js';
import { bindLogger } from './bind-logger.js';
import { exportTemperatureCsv } from './export-temperature-csv.js';
import { listDevices } from './list-devices.js';
import { readReceiptTemperatureTrace, readTemperatureTrace } from './read-temperature-trace.js';
import { recordDeviceReadings } from './record-device-readings.js';
import { listTemperatureRules, setTemperatureRule } from './temperature-rules.js';

/** Temperature loggers that report on their own: readings, the driver's scan onto a parcel, rules and the trace. */
const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const security = [{ bearer: [] }];

  app.post(
    '/v1/devices/readings',
    {
      onRequest: app.admit('customer'),
      schema: {
        tags: ['devices'],
        security,
        description:
          "A logger's (or its gateway's) readings, up to 1,000 a call, in any order; resent ones are stored once. API key scope readings:write. A reading outside the time the logger travelled with a parcel is refused (422 naming it).",
        body: ZDeviceReadingsRequest,
        response: { 200: ZDeviceReadingsResponse },
      },
    },
    async (request) => recordDeviceReadings(services, actorOf(request), request.body),
  );

  app.post(
    '/v1/driver/deliveries/:id/logger',
    {
      onRequest: app.admit('driver'),
      schema: {
        tags: ['driver'],
        security,
        description:
          "The logger in the parcel's cooler, scanned at pickup: its readings count for the parcel until it is delivered. `piece`: the barcode of the piece it travels in (400 naming `piece` if not one of this delivery's).",
        params: ZAnyIdParams,
        body: ZBindLoggerRequest,
        response: { 200: ZDriverJobResponse },
      },
    },
    async (request) => bindLogger(services, actorOf(request), { idOrTrackingNumber: request.params.id, ...request.body }),
  );

  app.get(
    '/v1/deliveries/:id/temperature.csv',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags: ['deliveries'],
        security,
        description: "Every temperature reading of the parcel, with its loggers' breaches and gaps, as CSV (text/csv). Owner and staff.",
        params: ZAnyIdParams,
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportTemperatureCsv(services, actorOf(request), { idOrTrackingNumber: request.params.id })),
  );

  app.get(
    '/v1/deliveries/:id/temperature',
    {
      onRequest: app.admit('signedIn'),
      schema: {
        tags: ['deliveries'],
        security,
        description:
          "The parcel's temperature trace: readings (probe and logger), its class's boundaries, the loggers' breaches (with the span beyond) and gaps (silences over three logging intervals). Owner and staff.",
        params: ZAnyIdParams,
        response: { 200: ZTemperatureTraceResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readTemperatureTrace(services, actorOf(request), { idOrTrackingNumber: request.params.id }),
    }),
  );
  app.get(
    '/v1/receipts/:token/temperature',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['receipts'],
        description: "The receiving lab's view of the parcel's temperature trace, by its receipt link.",
        params: ZReceiptTokenParams,
        response: { 200: ZTemperatureTraceResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readReceiptTemperatureTrace(services, anonymousOf(request), { token: request.params.token }),
    }),
  );

  const staff = app.admit('staff');
  app.get(
    '/v1/admin/devices',
    { onRequest: staff, schema: { tags: ['devices'], security, response: { 200: ZDevicesResponse } } },
    async (request) => ({ success: true as const, data: await listDevices(services, actorOf(request)) }),
  );
  app.get(
    '/v1/admin/temperature-rules',
    { onRequest: staff, schema: { tags: ['devices'], security, response: { 200: ZTemperatureRulesResponse } } },
    async (request) => ({ success: true as const, data: await listTemperatureRules(services, actorOf(request)) }),
  );
  app.put(
    '/v1/admin/temperature-rules/:temperatureClass',
    {
      onRequest: staff,
      schema: {
        tags: ['devices'],
        security,
        params: ZTemperatureClassParams,
        body: ZTemperatureRuleRequest,
        response: { 200: ZTemperatureRuleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Temperature rule saved',
      data: await setTemperatureRule(services, actorOf(request), {
        temperatureClass: request.params.temperatureClass,
        boundaries: request.body.boundaries,
      }),
    }),
  );
};
export default devicesRoutes;
