/**
 * Trims a JSON Schema to what a model needs to call a tool. Providers pass tool schemas to the
 * model verbatim (the AI SDK's Anthropic and OpenAI providers send `inputSchema` as is), so every
 * key costs prompt tokens on every call. Dropped: `$schema` (a dialect URL no model acts on) and
 * the `minimum`/`maximum` of ±(2^53 − 1) that zod 4 writes for every unbounded `.int()` (the safe
 * integer range, which says nothing a model would otherwise violate). Everything else — types,
 * enums, descriptions, real bounds, `required` — is kept.
 */
import type { JsonSchemaObject, JsonValue } from '../types.js';

const DROPPED_KEYS = new Set(['$schema']);

function isSafeIntegerBound(key: string, value: JsonValue): boolean {
  return (
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)
  );
}

function compact(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(compact);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, JsonValue> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key) || isSafeIntegerBound(key, inner)) continue;
    // Keys under `properties` are property names, not schema keywords: keep them all.
    result[key] = key === 'properties' ? compactProperties(inner) : compact(inner);
  }
  return result;
}

function compactProperties(value: JsonValue): JsonValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, compact(schema)]));
}

/**
 * A copy of `schema` without what models do not need (see the module header).
 * @param schema - a JSON Schema object, e.g. from `z.toJSONSchema`.
 * @returns the trimmed schema; the input is not changed.
 */
export function compactJsonSchema(schema: JsonSchemaObject): JsonSchemaObject {
  return compact(schema as JsonValue) as JsonSchemaObject;
}
