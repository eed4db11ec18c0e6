import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// ajv-formats is CommonJS; its default export arrives one level down under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

type OpenApiOperation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * OpenAPI 3.0 allows `nullable: true` beside no `type` (an unknown value or a union that may be null); ajv
 * reads nullable only beside a type, so such a schema becomes "it, or null" for the check.
 */
function nullableAsAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsAnyOf);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, nullableAsAnyOf(v)] as const);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  if (copy.nullable === true && copy.type === undefined) {
    const { nullable: _nullable, ...rest } = copy;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return copy;
}

/**
 * Checks every answer a test receives against the live OpenAPI document (what /api/docs/json serves): the
 * status must be one the operation documents, and a JSON body must match that status's schema. A route's
 * answer that drifts from its documentation fails the test that received it. Answers to paths the document
 * does not hold (the web app, unknown routes, hidden routes) are not checked.
 */
export function createResponseCheck(app: FastifyInstance) {
  const doc = nullableAsAnyOf(structuredClone(app.swagger())) as unknown as OpenApiDocument;
  // nullable is OpenAPI 3.0's keyword for "or null", which ajv reads too.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi');
  const templates: Template[] = Object.keys(doc.paths)
    .map((path) => {
      const parts = path.split(/\{[^}]+\}/);
      return { path, pattern: new RegExp(`^${parts.map(escapeRegex).join('[^/]+')}$`), params: parts.length - 1 };
    })
    // A literal segment wins over a parameter (my-deliveries before {id}).
    .sort((a, b) => a.params - b.params);
  const validators = new Map<string, ReturnType<Ajv['compile']>>();

  return function check(options: InjectOptions | string, res: LightMyRequestResponse): void {
    const method = (typeof options === 'string' ? 'GET' : (options.method ?? 'GET')).toLowerCase();
    const rawUrl = typeof options === 'string' ? options : typeof options.url === 'string' ? options.url : options.path;
    if (typeof rawUrl !== 'string') return;
    // Matched as sent: a parameter segment matches [^/]+ encoded or not (and a hostile one may not decode).
    const path = rawUrl.split('?')[0] ?? '';
    const template = templates.find((t) => t.pattern.test(path) && doc.paths[t.path]?.[method]);
    if (!template) return;
    const operation = doc.paths[template.path][method];
    const where = `${method.toUpperCase()} ${template.path}`;
    const status = String(res.statusCode);
    const answer = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`] ?? operation.responses?.default;
    if (!answer) {
      throw new Error(
        `Response check: ${where} answered ${status}, which the OpenAPI document does not list (${Object.keys(operation.responses ?? {}).join(', ')}); body: ${res.body.slice(0, 300)}`,
      );
    }
    const type = String(res.headers['content-type'] ?? '');
    if (!type.startsWith('application/json') || !answer.content?.['application/json']?.schema) return;
    const statusKey = operation.responses?.[status] ? status : operation.responses?.[`${status[0]}XX`] ? `${status[0]}XX` : 'default';
    const ref = `openapi#/paths/${pointer(template.path)}/${method}/responses/${statusKey}/content/${pointer('application/json')}/schema`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new Error(`Response check: ${where} ${status} says JSON but its body is not: ${res.body.slice(0, 200)}`);
    }
    if (!validate(body)) {
      const problems = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${e.instancePath || '(body)'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`,
        );
      throw new Error(`Response check: ${where} ${status} does not match the OpenAPI document: ${problems.join('; ')}`);
    }
  };
}

/** Makes the app's inject check every answer it returns (the promise form; the callback and chain forms pass through). */
export function checkResponsesOf(app: FastifyInstance): void {
  const check = createResponseCheck(app);
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const checked = (...args: unknown[]) => {
    const [options, callback] = args;
    if (options === undefined || typeof callback === 'function') return inject(...args);
    return (inject(options) as Promise<LightMyRequestResponse>).then((res) => {
      check(options as InjectOptions | string, res);
      return res;
    });
  };
  (app as unknown as { inject: typeof checked }).inject = checked;
}
