import Fastify from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, responseJsonSchema } from './serializer.js';

const ZPlace = z.object({ label: z.string().nullable(), lat: z.number() });
const ZAnswer = z.object({
  success: z.literal(true),
  data: z.object({ orderId: z.string(), origin: ZPlace.nullable(), stops: z.array(ZPlace) }),
});

async function serve(body: unknown, schema: z.ZodType = ZAnswer) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.get('/', { schema: { response: { 200: schema } } }, async () => body as never);
  const res = await app.inject('/');
  await app.close();
  return res;
}

describe('the compiled response serializer', () => {
  it('writes only the fields the response schema lists, at every depth', async () => {
    const res = await serve({
      success: true,
      passwordHash: 'x',
      data: {
        orderId: 'MC1',
        recipientPhone: '+1617',
        origin: { label: 'Boston', lat: 42.36, street: '55 Fruit St' },
        stops: [{ label: null, lat: 1, name: 'Priya' }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '{"success":true,"data":{"orderId":"MC1","origin":{"label":"Boston","lat":42.36},"stops":[{"label":null,"lat":1}]}}',
    );
  });

  it('writes a nullable object as null', async () => {
    const res = await serve({ success: true, data: { orderId: 'MC1', origin: null, stops: [] } });
    expect(res.json()).toEqual({ success: true, data: { orderId: 'MC1', origin: null, stops: [] } });
  });

  it('refuses a response missing a required field with a 500, never a partial body', async () => {
    const res = await serve({ success: true, data: { origin: null, stops: [] } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('stops');
  });

  it('keeps zod serializing a schema that JSON schema cannot express', async () => {
    const ZWithDate = z.object({ at: z.date() });
    expect(responseJsonSchema(ZWithDate)).toBeNull();
    const res = await serve({ at: new Date(0), extra: true }, ZWithDate);
    expect(res.json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
