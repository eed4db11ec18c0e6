import type { FastifyRequest } from 'fastify';

/** Pino's destination: anything with write(line). Tests pass one to read the lines. */
export interface LogStream {
  write(line: string): void;
}

export const REDACTED = '[REDACTED]';

/** Query parameters whose values say nothing private; every other value (token, sig, q, address...) is hidden. */
const PLAIN_QUERY_PARAMS = new Set(['page', 'limit', 'status', 'sort', 'exp']);

/** Paths whose last segment is a secret token (an unsubscribe link): logged with the token replaced. */
const TOKEN_PATHS = [/^(\/api\/v1\/unsubscribe\/)[^/?#]+/];

/**
 * A URL as logged: its path with any token segment replaced, and its query string with every value not known to
 * be harmless replaced.
 */
export function redactUrl(url: string): string {
  for (const pattern of TOKEN_PATHS) url = url.replace(pattern, `$1${REDACTED}`);
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return PLAIN_QUERY_PARAMS.has(decoded) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Drizzle writes a failed query's values after "params:"; PostgreSQL quotes a refused value after ': '. */
function redactMessage(message: string, fromDatabase: boolean): string {
  let out = message.replace(/\nparams:[\s\S]*$/, `\nparams: ${REDACTED}`);
  if (fromDatabase) out = out.replace(/: "(?:[^"]|"")*"/g, `: "${REDACTED}"`);
  return out;
}

/** Fields of an error that carry no values: PostgreSQL's SQLSTATE and names of what refused, never detail or params. */
const PLAIN_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'constraint', 'routine', 'query'];

/**
 * Errors as logged: type, message, stack, the plain fields and the cause chain. Query parameters (Drizzle's
 * `params`, PGlite's and pg's), PostgreSQL's `detail` ("Failing row contains (...)") and any value quoted in
 * a database message are left out, so a failed query never writes the phone or e-mail it carried.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (typeof err === 'string') return redactMessage(err, true);
  if (!(err instanceof Error)) return err === undefined || err === null ? err : REDACTED;
  const fields = err as Error & Record<string, unknown>;
  const fromDatabase = typeof fields.severity === 'string' || 'params' in fields;
  const message = redactMessage(err.message, fromDatabase);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message };
  if (err.stack) {
    const frames = err.stack.indexOf('\n    at ');
    out.stack = `${err.name}: ${message}${frames >= 0 ? err.stack.slice(frames) : ''}`;
  }
  for (const key of PLAIN_ERROR_FIELDS) {
    if (fields[key] !== undefined && typeof fields[key] !== 'object') out[key] = fields[key];
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/**
 * The server's logger options, built in one place so that no route can log a secret or personal data:
 * request URLs lose their query values, errors their query parameters, and the usual secret-bearing
 * fields (authorization, cookies, passwords, tokens) are censored wherever they are logged.
 */
export function loggerOptions(level: string, stream?: LogStream, mixin?: () => Record<string, unknown>) {
  return {
    level,
    ...(stream ? { stream } : {}),
    // With tracing on: the trace and span ids, so a log line leads to its trace.
    ...(mixin ? { mixin } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.refreshToken',
        '*.otp',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      // Typed as pino expects; at run time it also takes the plain messages some warnings log under err.
      err: (err: Error) => serializeError(err) as { type: string; message: string; stack: string },
    },
  };
}
