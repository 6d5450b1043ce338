/**
 * The JSON Schema the structurer model is sent, shaped for the strict structured-output modes of
 * the providers: OpenAI strict mode and Anthropic's `output_format` reject or ignore string length,
 * number bound and array size keywords (platform.openai.com/docs/guides/structured-outputs,
 * "Supported schemas"; docs.anthropic.com, "Structured outputs", "JSON Schema limitations"), and
 * zod's `int()` adds ±2^53 bounds. They are dropped from what is sent and enforced after the reply
 * with the full zod schema, whose messages go back to the model in a re-ask. On a schema rejection
 * the call is retried once without strict mode.
 */
import { APICallError, type JSONSchema7, jsonSchema, RetryError, type Schema, zodSchema } from 'ai';
import { type ModelDiagnosis, modelDiagnosisSchema } from '../diagnosis/schema.js';

/** Keywords some strict modes reject; validated after the reply instead. */
const UNSENT_KEYWORDS = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

/**
 * Provider options that turn strict structured output off, for the retry after a schema
 * rejection: OpenAI and OpenAI-compatible `strictJsonSchema: false`, Anthropic's JSON tool
 * instead of `output_format`.
 */
export const RELAXED_OUTPUT_OPTIONS = {
  openai: { strictJsonSchema: false },
  openaiCompatible: { strictJsonSchema: false },
  anthropic: { structuredOutputMode: 'jsonTool' },
} as const;

/** A top-level field of the model part. */
export type ModelDiagnosisField = keyof ModelDiagnosis;

/** Every top-level field of the model part, in schema order. */
export const MODEL_DIAGNOSIS_FIELDS = Object.keys(
  modelDiagnosisSchema.shape,
) as ModelDiagnosisField[];

/**
 * The structurer's output schema: the model part's JSON Schema (or only the fields asked for)
 * without the keywords of `UNSENT_KEYWORDS`, every object closed (`additionalProperties: false`),
 * validated with `modelDiagnosisSchema` itself.
 * @param fields - the top-level fields to ask for. Default: all of them.
 * @returns an AI SDK schema for `Output.object`.
 */
export function structurerOutputSchema(
  fields: readonly ModelDiagnosisField[] = MODEL_DIAGNOSIS_FIELDS,
): Schema<Partial<ModelDiagnosis>> {
  const picked = modelDiagnosisSchema.pick(
    Object.fromEntries(fields.map((field) => [field, true])) as Record<ModelDiagnosisField, true>,
  );
  const full = zodSchema(picked);
  return jsonSchema<Partial<ModelDiagnosis>>(
    () => withoutStrictKeywords(full.jsonSchema as JSONSchema7),
    {
      validate: (value) => {
        const result = picked.safeParse(value);
        return result.success
          ? { success: true, value: result.data }
          : { success: false, error: result.error };
      },
    },
  );
}

/**
 * Removes the keywords strict modes reject, at every depth, and closes every object.
 * @param schema - a JSON Schema (not changed).
 * @returns a new schema.
 */
export function withoutStrictKeywords(schema: JSONSchema7): JSONSchema7 {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (!UNSENT_KEYWORDS.has(key))
        copy[key] = key === 'properties' ? stripEach(inner) : strip(inner);
    }
    if (copy.type === 'object' && copy.properties) copy.additionalProperties = false;
    return copy;
  };
  // Property names are data, not keywords: a property called "format" stays.
  const stripEach = (properties: unknown): unknown =>
    Object.fromEntries(
      Object.entries(properties as Record<string, unknown>).map(([name, inner]) => [
        name,
        strip(inner),
      ]),
    );
  return strip(schema) as JSONSchema7;
}

/**
 * True when a call failed because the provider rejected the output schema (HTTP 400 naming the
 * schema or the response format), so a retry without strict mode can succeed.
 * @param error - what the call threw.
 */
export function isSchemaRejection(error: unknown): boolean {
  const attempts = RetryError.isInstance(error) ? error.errors : [error];
  return attempts.some(
    (attempt) =>
      APICallError.isInstance(attempt) &&
      attempt.statusCode === 400 &&
      /schema|response_format|output_config|output_format|structured output/i.test(
        `${attempt.message} ${attempt.responseBody ?? ''}`,
      ),
  );
}
