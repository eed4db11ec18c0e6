import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, straightLineSeconds, travelTimes } from './travel-times.js';

const env = { ROUTING_URL: undefined, ROUTING_DETOUR_FACTOR: 1.3, ROUTING_SPEED_KMH: 40 };
const boston = { lat: 42.3601, lng: -71.0589 };
const cambridge = { lat: 42.3736, lng: -71.1097 };

describe('travel times', () => {
  it('estimates from the straight line: distance x detour factor at the average speed', () => {
    const km = haversineKm(boston, cambridge);
    expect(km).toBeGreaterThan(4.3);
    expect(km).toBeLessThan(4.5);
    expect(straightLineSeconds(env, boston, cambridge)).toBe(Math.round(((km * 1.3) / 40) * 3600));
    expect(straightLineSeconds({ ...env, ROUTING_SPEED_KMH: 20 }, boston, cambridge)).toBeCloseTo(
      2 * straightLineSeconds(env, boston, cambridge),
      -1,
    );
  });

  describe('with an OSRM server', () => {
    let server: Server;
    let answer: { status: number; body: unknown };
    let url = '';
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('uses its durations, a cell it cannot route estimated from the straight line', async () => {
      answer = {
        status: 200,
        body: {
          code: 'Ok',
          durations: [
            [0, 321.5],
            [null, 0],
          ],
        },
      };
      const m = await travelTimes({ ...env, ROUTING_URL: url }, [boston, cambridge]);
      expect(m).toEqual([
        [0, 321.5],
        [straightLineSeconds(env, cambridge, boston), 0],
      ]);
    });

    it('falls back to straight lines when it fails', async () => {
      answer = { status: 500, body: { code: 'InvalidQuery' } };
      const m = await travelTimes({ ...env, ROUTING_URL: url }, [boston, cambridge]);
      expect(m[0][1]).toBe(straightLineSeconds(env, boston, cambridge));
    });
  });
});
