import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;
type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X's type, 'null']`: fast-json-stringify then writes
 * it directly instead of validating each value against the branches.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'properties' ? mapValues(value as JsonSchema) : simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && typeof other?.type === 'string' && other.anyOf === undefined) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const mapValues = (properties: JsonSchema) => Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, simplify(v)]));

/** The zod response schema as the JSON schema of what is written, or null when JSON schema cannot say it. */
export function responseJsonSchema(schema: ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', reused: 'inline' }) as JsonSchema;
    delete json.$schema;
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

function compileSerializer(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  const { schema } = route;
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
  if (json) {
    try {
      return fastJsonStringify(json as unknown as Schema);
    } catch {
      // Fall through to zod's serializer.
    }
  }
  return zodSerializerCompiler(route as SerializerCompiler);
}

/**
 * Responses written by a serializer compiled from the route's zod schema (fast-json-stringify) rather than
 * validated with zod and then stringified. It writes only the properties the schema lists, so a field a
 * query picked up by mistake still never leaves the server. A schema JSON schema cannot express (a
 * transform) keeps the zod serializer. Compiled on a route's first answer with that status, not at start:
 * compiling every route's every answer was a third of a restart (about a second on a loaded machine).
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compileSerializer(route);
    return serialize(data);
  };
};
