import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../platform/app-error.js';

type Issue = { field: string; message: string };

/** "email: Email must be a valid e-mail address" — the field is always named. */
function describe(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  return first.field ? `${first.field}: ${first.message}` : first.message;
}

/** One error shape for every failure: {success: false, message, error?}; 5xx details stay in the log. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      if (err.details?.headers) reply.headers(err.details.headers);
      return reply.status(err.statusCode).send({ success: false, message: err.message, error: err.code, field: err.details?.field });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext;
      const issues = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (where === 'body' ? 'body' : ''),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({ success: false, message: describe(issues), error: 'BAD_REQUEST', errors: issues });
    }
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      return reply.status(400).send({ success: false, message: describe(issues), error: 'BAD_REQUEST', errors: issues });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(status === 503 ? 503 : 500)
        .send({ success: false, message: 'Something went wrong. Please try again.', error: 'INTERNAL' });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, message: err.message || 'Too many requests. Please try again later.', error: 'RATE_LIMITED' });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): their messages hold no internals.
    const messages: Record<string, string> = {
      FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
      FST_REQ_FILE_TOO_LARGE: 'file: image must be at most 5 MB',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
    };
    const code = (err as FastifyError).code;
    const message =
      messages[code] ??
      (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message);
    return reply.status(status).send({ success: false, message, error: code ?? 'BAD_REQUEST' });
  });
});
