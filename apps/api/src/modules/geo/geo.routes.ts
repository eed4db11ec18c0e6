import { ZGeoAutocompleteQuery, ZGeoSuggestionsResponse, ZGeocodeQuery, ZGeocodeResponse } from '@courier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import { perCallerLimit } from '../../plugins/rate-limit-key.js';
import { geocodeAddress } from './geocode-address.js';
import { suggestAddresses } from './suggest-addresses.js';

/** Address suggestions and lookups on the configured geocoder, for signed-in users (it may cost money). */
const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const common = {
    onRequest: app.admit('signedIn'),
    config: perCallerLimit(60, '1 minute'),
  };
  const tags = ['geo'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/geo/autocomplete',
    {
      ...common,
      schema: {
        tags,
        security,
        querystring: ZGeoAutocompleteQuery,
        response: { 200: ZGeoSuggestionsResponse },
      },
    },
    async (request) => suggestAddresses(services, actorOf(request), request.query),
  );

  app.get(
    '/v1/geo/geocode',
    {
      ...common,
      schema: {
        tags,
        security,
        querystring: ZGeocodeQuery,
        response: { 200: ZGeocodeResponse },
      },
    },
    async (request) => geocodeAddress(services, actorOf(request), request.query),
  );
};
export default geoRoutes;
