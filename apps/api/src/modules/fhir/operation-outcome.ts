import type { FastifyError } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../../platform/app-error.js';

/** An R4 OperationOutcome issue type for an HTTP status. */
const ISSUE_CODE: Record<number, string> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  409: 'conflict',
  410: 'deleted',
  412: 'conflict',
  413: 'too-costly',
  415: 'not-supported',
  422: 'processing',
  429: 'throttled',
  503: 'transient',
};

export interface FhirIssue {
  message: string;
  /** FHIRPath of the element at fault, e.g. Task.restriction.period.end. */
  expression?: string;
  code?: string;
}

export function operationOutcome(status: number, issues: readonly FhirIssue[]) {
  return {
    resourceType: 'OperationOutcome' as const,
    issue: issues.map((i) => ({
      severity: status >= 500 ? ('fatal' as const) : ('error' as const),
      code: i.code ?? ISSUE_CODE[status] ?? (status >= 500 ? 'exception' : 'invalid'),
      diagnostics: i.message,
      ...(i.expression ? { expression: [i.expression] } : {}),
    })),
  };
}

/** A FHIR-side refusal before any use case runs (a malformed resource): 400, naming the element. */
export class FhirInvalid extends Error {
  constructor(
    message: string,
    readonly expression: string,
    readonly status = 400,
    readonly code?: string,
  ) {
    super(message);
  }
}

const EXPRESSIONS = Symbol('fhirExpressions');
type Expressions = (field: string | undefined) => string | undefined;

/** Tells the error handler how a use case's field names (pickupAddress, ...) read in the posted resource. */
export function withExpressions(err: unknown, expressionOf: Expressions): unknown {
  if (err && typeof err === 'object' && !(err instanceof FhirInvalid)) Object.assign(err, { [EXPRESSIONS]: expressionOf });
  return err;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/fhir+json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

/**
 * Any error of a FHIR route as its status and OperationOutcome: ours keep their message, the field they name is
 * turned into a FHIRPath by `expressionOf` (the resource's own mapping); a 5xx says nothing of its cause.
 */
export function outcomeOfError(
  err: unknown,
  fallback: Expressions = (f) => f,
): { status: number; body: ReturnType<typeof operationOutcome>; headers?: Record<string, string> } {
  const expressionOf: Expressions = (err as { [EXPRESSIONS]?: Expressions } | null)?.[EXPRESSIONS] ?? fallback;
  if (err instanceof FhirInvalid)
    return {
      status: err.status,
      body: operationOutcome(err.status, [{ message: err.message, expression: err.expression, code: err.code }]),
    };
  if (err instanceof AppError) {
    const headers: Record<string, string> = { ...(err.details?.headers ?? {}) };
    if (err.details?.retryAfter !== undefined) headers['retry-after'] = String(err.details.retryAfter);
    const code = err.code === 'CREDIT_LIMIT_EXCEEDED' || err.code === 'OUTSIDE_SERVICE_AREA' ? 'business-rule' : undefined;
    return {
      status: err.statusCode,
      headers,
      body: operationOutcome(err.statusCode, [{ message: err.message, expression: expressionOf(err.details?.field), code }]),
    };
  }
  if (err instanceof ZodError) {
    return {
      status: 400,
      body: operationOutcome(
        400,
        err.issues.map((i) => {
          const field = i.path.map(String).join('.');
          return { message: field ? `${field}: ${i.message}` : i.message, expression: expressionOf(field || undefined) };
        }),
      ),
    };
  }
  const e = err as FastifyError & { retryAfter?: number };
  const raw = e?.statusCode ?? 500;
  const status = raw >= 400 && raw < 600 ? raw : 500;
  if (status >= 500)
    return { status: status === 503 ? 503 : 500, body: operationOutcome(500, [{ message: 'Something went wrong. Please try again.' }]) };
  const message =
    FASTIFY_MESSAGES[e.code] ??
    (err instanceof SyntaxError ? FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : e.message || 'Invalid request');
  const headers: Record<string, string> = status === 429 && e.retryAfter ? { 'retry-after': String(e.retryAfter) } : {};
  return { status, headers, body: operationOutcome(status, [{ message }]) };
}
