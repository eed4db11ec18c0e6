import { codeOfStatus, type TErrorBody, type TErrorCode, type TFieldIssue } from '@courier/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../platform/app-error.js';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';
const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * A body that matches none of a union's shapes (a one-parcel receipt or a manifest's pieces) is told about the shape
 * it came closest to: the branch with the fewest issues (the first on a tie), its first issue, so the field is named.
 */
function closestUnionBranch(keyword: string, params: unknown): { path: PropertyKey[]; message: string } | null {
  const branches = (params as { errors?: { path: PropertyKey[]; message: string }[][] } | undefined)?.errors;
  if (keyword !== 'invalid_union' || !branches?.length) return null;
  const closest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return closest[0] ?? null;
}

/** "email: Email must be a valid e-mail address" — the field is always named. */
function describe(issues: TFieldIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  return first.field ? `${first.field}: ${first.message}` : first.message;
}

const invalid = (issues: TFieldIssue[]): TErrorBody => ({
  success: false,
  message: describe(issues),
  error: 'BAD_REQUEST',
  field: issues[0]?.field || undefined,
  errors: issues,
});

/** @fastify/rate-limit throws what this builds; it reaches the handler below with its seconds to wait. */
export const rateLimitResponse =
  (message = TOO_MANY_REQUESTS) =>
  (_request: unknown, ctx: { ttl: number }) => ({ statusCode: 429, message, retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)) });

// Fastify's own 4xx (bad JSON, body too large, wrong content type): their messages hold no internals.
const FASTIFY_ERRORS: Record<string, { message: string; code: TErrorCode; field?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE', field: 'body' },
  FST_REQ_FILE_TOO_LARGE: { message: 'file: image must be at most 5 MB', code: 'PAYLOAD_TOO_LARGE', field: 'file' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE', field: 'body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'Request body must not be empty', code: 'BAD_REQUEST', field: 'body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'Request body is not valid JSON', code: 'BAD_REQUEST', field: 'body' },
};

/** The body of an error that is neither ours nor a validation error: a code from its status, never its internals. */
function otherError(err: FastifyError & { retryAfter?: number }, status: number): TErrorBody {
  if (status >= 500) {
    const code = status === 503 ? 'UNAVAILABLE' : 'INTERNAL';
    return { success: false, message: SOMETHING_WENT_WRONG, error: code };
  }
  if (status === 429)
    return { success: false, message: err.message || TOO_MANY_REQUESTS, error: 'RATE_LIMITED', retryAfter: err.retryAfter };
  const known = FASTIFY_ERRORS[err.code] ?? (err instanceof SyntaxError ? FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
  if (known) return { success: false, message: known.message, error: known.code, field: known.field };
  return { success: false, message: err.message || 'Invalid request', error: codeOfStatus(status) };
}

/**
 * Fastify's router answers a malformed URL and an over-long path parameter itself, before any hook or error
 * handler: given as its `frameworkErrors`, this puts them in the one error body too (400, naming the path).
 */
export function frameworkErrorBody(err: FastifyError, _request: unknown, reply: FastifyReply) {
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The request path is not valid';
  const body: TErrorBody = { success: false, message, error: 'BAD_REQUEST', field: 'path' };
  return reply.status(400).send(body);
}

/** One error shape (the contract's ZErrorBody) for every failure; 5xx details stay in the log. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      const { field, headers, retryAfter } = err.details ?? {};
      if (headers) reply.headers(headers);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      const body: TErrorBody = { success: false, message: err.message, error: err.code, field, retryAfter };
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext;
      const issues = err.validation.map((v) => {
        const at = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const branch = closestUnionBranch(v.keyword, v.params);
        if (branch) return { field: [at, ...branch.path.map(String)].filter(Boolean).join('.') || 'body', message: branch.message };
        return { field: at || (where === 'body' ? 'body' : ''), message: v.message ?? 'is invalid' };
      });
      return reply.status(400).send(invalid(issues));
    }
    if (err instanceof ZodError) {
      return reply.status(400).send(invalid(err.issues.map((i) => ({ field: i.path.join('.'), message: i.message }))));
    }
    const raw = (err as FastifyError).statusCode ?? 500;
    const status = raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    const body = otherError(err as FastifyError, status);
    return reply.status(status >= 500 && status !== 503 ? 500 : status).send(body);
  });
});
