import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../platform/app-error.js';
import errorsPlugin from './errors.js';

describe('the error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      '/echo',
      { schema: { body: z.object({ email: z.email('Email must be a valid e-mail address'), age: z.number() }) } },
      async () => ({ ok: true }),
    );
    app.get('/conflict', async () => {
      throw new AppError('CONFLICT', 'Only a pending delivery can be cancelled');
    });
    app.get('/crash', async () => {
      throw new Error('relation "users" does not exist at Parser.parse (/app/node_modules/pg/lib/parser.js:1)');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 400 naming the field for bad input', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { email: 'nope', age: 3 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'email: Email must be a valid e-mail address' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Request body is not valid JSON', error: 'BAD_REQUEST', field: 'body' });
  });

  it('passes an AppError through with its status and message', async () => {
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'Only a pending delivery can be cancelled', error: 'CONFLICT' });
  });

  it('never sends a stack trace or SQL on a 500', async () => {
    const res = await app.inject('/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Something went wrong. Please try again.', error: 'INTERNAL' });
    expect(res.body).not.toContain('relation');
    expect(res.body).not.toContain('node_modules');
  });
});
