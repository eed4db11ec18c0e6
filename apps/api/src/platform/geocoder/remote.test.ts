import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGeocoder, createGoogleGeocoder, createNominatimGeocoder, withOfflineFallback } from './index.js';

/** The outside world's geocoding services, faked at the HTTP boundary on 127.0.0.1. */
type Handler = (url: URL, req: IncomingMessage) => { status?: number; body: unknown; delayMs?: number };

describe('remote geocoders', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler;
  let calls: Array<{ url: URL; headers: IncomingMessage['headers'] }>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      calls.push({ url, headers: req.headers });
      const answer = handler(url, req);
      setTimeout(() => {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    calls = [];
  });

  const bostonOsm = {
    lat: '42.3626',
    lon: '-71.0695',
    display_name: 'Massachusetts General Hospital, 55, Fruit Street, West End, Boston, Suffolk County, Massachusetts, 02114, United States',
    address: {
      house_number: '55',
      road: 'Fruit Street',
      city: 'Boston',
      state: 'Massachusetts',
      'ISO3166-2-lvl4': 'US-MA',
      postcode: '02114',
    },
  };

  describe('Nominatim', () => {
    it('geocodes to a street-less label, asking with a User-Agent, and caches the answer', async () => {
      handler = () => ({ body: [bostonOsm] });
      const geo = createNominatimGeocoder({ baseUrl, userAgent: 'MedCourier/1.0 (test)' });
      expect(await geo.geocode('55 Fruit St, Boston')).toEqual({ label: 'Boston, MA 02114', lat: 42.3626, lng: -71.0695 });
      expect(await geo.geocode('55  fruit st, BOSTON ')).toEqual({ label: 'Boston, MA 02114', lat: 42.3626, lng: -71.0695 });
      expect(calls).toHaveLength(1);
      expect(calls[0].url.pathname).toBe('/search');
      expect(calls[0].url.searchParams.get('q')).toBe('55 Fruit St, Boston');
      expect(calls[0].url.searchParams.get('countrycodes')).toBe('us');
      expect(calls[0].headers['user-agent']).toBe('MedCourier/1.0 (test)');
    });

    it('answers null for no match and suggestions with the full description', async () => {
      handler = (url) => ({ body: url.searchParams.get('q') === 'nowhere at all' ? [] : [bostonOsm, { ...bostonOsm, lat: 'x' }] });
      const geo = createNominatimGeocoder({ baseUrl });
      expect(await geo.geocode('nowhere at all')).toBeNull();
      const hits = await geo.autocomplete('55 Fruit');
      expect(hits).toEqual([{ description: bostonOsm.display_name, label: 'Boston, MA 02114', lat: 42.3626, lng: -71.0695 }]);
    });

    it('gives up after its timeout and on a server error, without caching the failure', async () => {
      handler = () => ({ body: [bostonOsm], delayMs: 500 });
      const slow = createNominatimGeocoder({ baseUrl, timeoutMs: 50 });
      await expect(slow.geocode('Boston')).rejects.toThrow(/Nominatim did not answer/);
      handler = () => ({ status: 503, body: 'busy' });
      const down = createNominatimGeocoder({ baseUrl });
      await expect(down.geocode('Boston')).rejects.toThrow('Nominatim answered HTTP 503');
      handler = () => ({ body: [bostonOsm] });
      expect((await down.geocode('Boston'))?.label).toBe('Boston, MA 02114');
    });

    it('keeps requests a second apart on the public server', async () => {
      handler = () => ({ body: [bostonOsm] });
      const geo = createNominatimGeocoder({ baseUrl, minIntervalMs: 200 });
      const started = Date.now();
      await Promise.all([geo.geocode('a st, Boston'), geo.geocode('b st, Boston'), geo.geocode('c st, Boston')]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    });
  });

  describe('Google', () => {
    const result = (lat: number) => ({
      formatted_address: '55 Fruit St, Boston, MA 02114, USA',
      geometry: { location: { lat, lng: -71.07 } },
      address_components: [
        { long_name: '55', short_name: '55', types: ['street_number'] },
        { long_name: 'Boston', short_name: 'Boston', types: ['locality', 'political'] },
        { long_name: 'Massachusetts', short_name: 'MA', types: ['administrative_area_level_1', 'political'] },
        { long_name: '02114', short_name: '02114', types: ['postal_code'] },
      ],
    });

    it('geocodes with the key, restricted to the US, and caches', async () => {
      handler = () => ({ body: { status: 'OK', results: [result(42.36)] } });
      const geo = createGoogleGeocoder({ baseUrl, key: 'k-123' });
      expect(await geo.geocode('55 Fruit St, Boston')).toEqual({ label: 'Boston, MA 02114', lat: 42.36, lng: -71.07 });
      await geo.geocode('55 Fruit St, Boston');
      expect(calls).toHaveLength(1);
      expect(calls[0].url.pathname).toBe('/maps/api/geocode/json');
      expect(Object.fromEntries(calls[0].url.searchParams)).toMatchObject({
        key: 'k-123',
        components: 'country:US',
        address: '55 Fruit St, Boston',
      });
    });

    it('reads ZERO_RESULTS as no place and other statuses as a failure', async () => {
      handler = () => ({ body: { status: 'ZERO_RESULTS', results: [] } });
      expect(await createGoogleGeocoder({ baseUrl, key: 'k' }).geocode('nowhere')).toBeNull();
      handler = () => ({ body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' } });
      await expect(createGoogleGeocoder({ baseUrl, key: 'bad' }).geocode('Boston')).rejects.toThrow(/REQUEST_DENIED/);
    });

    it('suggests places and places each one by its place id', async () => {
      handler = (url) =>
        url.pathname.includes('autocomplete')
          ? {
              body: {
                status: 'OK',
                predictions: [
                  { description: '55 Fruit St, Boston, MA, USA', place_id: 'p1' },
                  { description: '55 Fruit St, Worcester, MA, USA', place_id: 'p2' },
                ],
              },
            }
          : { body: { status: 'OK', results: [result(url.searchParams.get('place_id') === 'p1' ? 42.36 : 42.26)] } };
      const hits = await createGoogleGeocoder({ baseUrl, key: 'k' }).autocomplete('55 Fruit St');
      expect(hits.map((h) => [h.description, h.lat])).toEqual([
        ['55 Fruit St, Boston, MA, USA', 42.36],
        ['55 Fruit St, Worcester, MA, USA', 42.26],
      ]);
      expect(calls.filter((c) => c.url.searchParams.has('place_id'))).toHaveLength(2);
    });
  });

  describe('choosing and falling back', () => {
    it('selects the provider named by GEOCODER', () => {
      expect(createGeocoder({ GEOCODER: 'offline' }).name).toBe('offline');
      expect(createGeocoder({ GEOCODER: 'nominatim' }).name).toBe('nominatim');
      expect(createGeocoder({ GEOCODER: 'google', GEOCODER_KEY: 'k' }).name).toBe('google');
    });

    it('uses the offline gazetteer while the provider is down, and logs it', async () => {
      handler = () => ({ status: 500, body: 'oops' });
      const warnings: string[] = [];
      const geo = createGeocoder({ GEOCODER: 'nominatim' }, { baseUrl, log: { warn: (_o, msg) => warnings.push(msg) } });
      expect((await geo.geocode('55 Fruit St, Boston, MA 02114'))?.label).toBe('Boston, MA 02114');
      expect((await geo.autocomplete('Bosto'))[0].label).toMatch(/^Boston, MA/);
      expect(warnings).toHaveLength(2);
    });

    it('trusts the provider’s “no such place” rather than guessing offline', async () => {
      handler = () => ({ body: [] });
      const geo = withOfflineFallback(createNominatimGeocoder({ baseUrl }));
      expect(await geo.geocode('55 Fruit St, Boston, MA 02114')).toBeNull();
    });
  });
});
