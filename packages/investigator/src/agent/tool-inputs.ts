/**
 * Tool inputs as models send them. OpenAI's Responses API treats a function tool without an
 * explicit `strict` as strict (platform.openai.com/docs/guides/function-calling, "Strict mode"),
 * and strict mode makes every parameter required: a model then fills the optional ones with
 * placeholders (`""`, `0`) that fail the schema or change the call. So the agent's tools go out
 * with `strict: false` to that API, and on every provider an optional parameter given as `""`,
 * `null`, or a number under its minimum (the `0` that stands for "not given") is read as absent.
 * The `$schema` keyword is left out of what is sent: it tells a model nothing and costs tokens on
 * every tool of every step.
 */
import { asSchema, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';

/**
 * True for models of a Responses API (`openai.responses`, `azure.responses`), whose tools are
 * strict unless they say otherwise.
 */
export function isResponsesModel(model: unknown): boolean {
  const provider = (model as { provider?: unknown } | undefined)?.provider;
  return typeof provider === 'string' && provider.endsWith('.responses');
}

/**
 * Makes each tool read placeholder values of optional parameters as absent.
 * @param tools - AI SDK tools (not changed).
 * @param options.strict - `false` to send `strict: false` with every tool; `undefined` sends none.
 * @returns the same tools with wrapped input schemas (the JSON Schema sent loses only `$schema`).
 */
export function withLenientInputs<TOOLS extends ToolSet>(
  tools: TOOLS,
  { strict }: { strict?: false } = {},
): TOOLS {
  const wrapped: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const schema = asSchema(tool.inputSchema);
    wrapped[name] = {
      ...tool,
      ...(strict === false ? { strict } : {}),
      inputSchema: jsonSchema(async () => withoutDialect(await schema.jsonSchema), {
        validate: async (value) => {
          const input = withoutPlaceholders(value, await schema.jsonSchema);
          if (!schema.validate) return { success: true, value: input };
          return schema.validate(input);
        },
      }),
    } as ToolSet[string];
  }
  return wrapped as TOOLS;
}

function withoutDialect({ $schema: _dialect, ...schema }: JSONSchema7): JSONSchema7 {
  return schema;
}

/**
 * Drops the top-level optional properties that hold a placeholder: `""`, `null`, or a number
 * below the property's `minimum`.
 * @param value - the tool input as parsed from the model's JSON.
 * @param schema - the tool's JSON Schema (an object schema).
 * @returns a copy without those properties; anything but a plain object unchanged.
 */
export function withoutPlaceholders(value: unknown, schema: JSONSchema7): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const required = new Set(schema.required ?? []);
  const properties = schema.properties ?? {};
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const property = properties[key];
    const minimum = typeof property === 'object' ? property.minimum : undefined;
    const placeholder =
      inner === '' ||
      inner === null ||
      (typeof inner === 'number' && minimum !== undefined && inner < minimum);
    if (!placeholder || required.has(key)) kept[key] = inner;
  }
  return kept;
}
