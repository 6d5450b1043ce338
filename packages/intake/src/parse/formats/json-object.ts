/** The JSON-object guard shared by the formats that read parsed JSON (Sentry, Apple `.ips`, reviews, issues). */

/** A parsed JSON object: string keys, values not yet checked. */
export type JsonObject = Record<string, unknown>;

/**
 * Tells a JSON object from arrays, `null` and primitives.
 * @param value any parsed JSON value.
 * @returns true when `value` is a non-null, non-array object.
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
