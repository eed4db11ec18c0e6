import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZErrorBody } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The one error body every failure answers with, as a component every operation's error answers point at. */
export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/**
 * The error answers every operation documents (beside what a route declares itself). Added to the document as
 * it is built, so routes written later (another module, another branch) are documented without their effort.
 */
export const DOCUMENTED_ERRORS: Record<string, string> = {
  '400': 'Bad input: `field` names the first offending field, `errors` lists every one',
  '401': 'No, an invalid or an expired access token or API key (`error` TOKEN_EXPIRED: refresh and retry)',
  '403': 'Signed in, but not allowed (an API key without the scope the call needs names that scope)',
  '404': 'No such thing, or not one the caller may see',
  '409': 'The thing is not in a state that allows this (the message says why)',
  '422': 'Well-formed input the rules refuse (each problem listed)',
  '429': 'Too many requests: `retryAfter` (seconds) beside the Retry-After header',
  '500': 'Something went wrong on our side; the answer never holds its details',
};
/** Only calls that send a body can send too big or the wrong kind of one. */
const BODY_ERRORS: Record<string, string> = {
  '413': 'The body (or an uploaded file) is too large',
  '415': 'A content type the call does not read',
};

const API_KEY_GUIDE = `
## Authentication

Every call outside the public ones (tracking, feedback, opt-in, sign-up and sign-in) sends an
\`Authorization: Bearer ...\` header with either

- an **access token** from \`POST /api/v1/auth/login\` (15 minutes; renew it with \`POST /api/v1/auth/refresh-token\`), or
- an **API key** for your own systems: create one in Account Settings > API keys (or \`POST /api/v1/api-keys\`).
  Its secret starts with \`mck_\` and is shown once. A key acts as the customer who made it, with only its scopes:
  \`deliveries:read\`, \`deliveries:write\`, \`webhooks:manage\`. A call outside them answers 403 naming the missing scope.

\`\`\`sh
export MEDCOURIER_KEY=mck_...   # from Account Settings > API keys

# List your deliveries (deliveries:read)
curl -H "Authorization: Bearer $MEDCOURIER_KEY" "https://medcourier.example/api/v1/deliveries/my-deliveries?page=1&limit=10"

# Book one (deliveries:write)
curl -X POST https://medcourier.example/api/v1/deliveries \\
  -H "Authorization: Bearer $MEDCOURIER_KEY" -H "Content-Type: application/json" \\
  -d '{"senderPhone":"+16175550142","pickupAddress":"55 Fruit St, Boston, MA 02114","recipientName":"Lab desk","recipientPhone":"+16175550199","recipientEmail":"lab@example.com","deliveryAddress":"75 Francis St, Boston, MA 02115","requiredBy":"2026-12-01T21:00:00.000Z","packageType":"MEDICATION","packageSize":"small","deliveryType":"SAME_DAY"}'

# Hear of changes: a webhook endpoint (webhooks:manage); its signing secret (whsec_...) is shown once
curl -X POST https://medcourier.example/api/v1/webhooks \\
  -H "Authorization: Bearer $MEDCOURIER_KEY" -H "Content-Type: application/json" \\
  -d '{"url":"https://lab.example.com/medcourier","eventTypes":["delivery.status_changed","delivery.delivered"]}'
\`\`\`

Webhooks follow the Standard Webhooks specification (headers \`webhook-id\`, \`webhook-timestamp\`,
\`webhook-signature\`): verify them with any Standard Webhooks library and the endpoint's secret.

## Errors

Every error answers one body: \`{ "success": false, "message": "...", "error": "<CODE>" }\`, plus \`field\` and
\`errors\` for bad input and \`retryAfter\` for 429. Branch on \`error\`, never on the wording of \`message\`.
`;

type JsonSchema = { [key: string]: unknown };
type Operation = { requestBody?: unknown; responses?: Record<string, unknown> };

/** OpenAPI 3.0 reads `nullable` as "null allowed" except in an `enum`, which must list null itself. */
function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) listNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) listNullInNullableEnums(value);
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
});

/** Every operation gets the error answers it does not declare itself, all with the one error body. */
export function documentErrorAnswers(document: { paths?: Record<string, Record<string, Operation>>; components?: JsonSchema }) {
  document.components ??= {};
  const components = document.components;
  const schemas = ((components.schemas as JsonSchema | undefined) ?? {}) as JsonSchema;
  schemas.ErrorBody = z.toJSONSchema(ZErrorBody, { target: 'openapi-3.0' });
  delete (schemas.ErrorBody as JsonSchema).$schema;
  components.schemas = schemas;
  for (const byMethod of Object.values(document.paths ?? {})) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!op || typeof op !== 'object') continue;
      op.responses ??= {};
      const errors = method === 'get' || method === 'head' ? DOCUMENTED_ERRORS : { ...DOCUMENTED_ERRORS, ...BODY_ERRORS };
      for (const [status, description] of Object.entries(errors)) op.responses[status] ??= errorAnswer(description);
    }
  }
  listNullInNullableEnums(document.paths);
  return document;
}

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'MedCourier API', version: '1.0.0', description: `Medical courier platform API.\n${API_KEY_GUIDE}` },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An access token from sign-in (a JWT) or an API key (`mck_...`), as `Authorization: Bearer ...`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      const doc = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      return documentErrorAnswers(doc as Parameters<typeof documentErrorAnswers>[0]) as typeof doc;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
