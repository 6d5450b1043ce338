/** Reading a text as one JSON object, for the CLI's recognizers of its own earlier output. */

/**
 * A JSON text's object fields.
 * @param text the text, whole.
 * @returns the fields, or `undefined` for text that is no JSON object (not JSON, an array, a
 *   string, a number, `null`). Never throws.
 */
export function jsonObjectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
