/**
 * Actions: declaring them with inferred input types, exporting their input as JSON Schema, and
 * running them so that nothing a model sends can make them throw. No zod code is loaded by this
 * module: the JSON Schema comes from the schema itself (Standard JSON Schema, which zod 4 schemas
 * implement), and zod's error formatting only when an input fails, so a page that registers
 * context or declares actions pays for zod only where it builds its schemas (a bundler can keep
 * zod off a page's first load).
 */
import { SightlineError, toToolError } from '@sightline/core';
import type { z } from 'zod';
import { serializeValue } from '../render/serialize-value.js';
import type {
  JsonSchemaObject,
  JsonValue,
  PageAction,
  PageActionConfirm,
  PageActionContext,
} from '../types.js';
import { compactJsonSchema } from './compact-json-schema.js';

/**
 * Declares an action with its handler's input type inferred from the schema (an identity function
 * for type inference only).
 * @param action - description, zod@4 input schema and handler.
 * @returns the same action, typed as a {@link PageAction}.
 * @example
 * definePageAction({
 *   description: 'Show data of one environment',
 *   input: z.object({ environment: z.enum(['production', 'staging']) }),
 *   handler: ({ environment }) => setEnvironment(environment),
 * });
 */
export function definePageAction<Schema extends z.ZodType>(action: {
  description: string;
  input: Schema;
  handler(input: z.output<Schema>, context: PageActionContext): unknown;
  enabled?: boolean;
  confirm?: PageActionConfirm;
}): PageAction<z.output<Schema>> {
  // `Schema` is a ZodType whose output is z.output<Schema>; TypeScript cannot see that generically.
  return action as PageAction<z.output<Schema>>;
}

const schemaCache = new WeakMap<z.ZodType, JsonSchemaObject>();

/**
 * The Standard JSON Schema interface of a schema (standardschema.dev/json-schema; zod 4 schemas
 * carry it under `~standard.jsonSchema`), or undefined when the schema has none.
 */
interface StandardJsonSchema {
  input(options: { target: 'draft-2020-12'; libraryOptions?: Record<string, unknown> }): unknown;
}

/**
 * JSON Schema of an action's input, cached per schema object.
 * Types JSON Schema cannot express (transforms, dates) become `{}` (any) rather than failing.
 * @param schema - a zod schema (zod 4.2 or later, whose schemas carry the Standard JSON Schema
 *   interface).
 * @returns the input-side JSON Schema (draft 2020-12), trimmed by {@link compactJsonSchema};
 *   `{}` when the schema cannot give one.
 */
export function actionInputSchema(schema: z.ZodType): JsonSchemaObject {
  let json = schemaCache.get(schema);
  if (!json) {
    try {
      const standard = (schema as { '~standard'?: { jsonSchema?: StandardJsonSchema } })[
        '~standard'
      ]?.jsonSchema;
      json = standard
        ? compactJsonSchema(
            standard.input({
              target: 'draft-2020-12',
              libraryOptions: { unrepresentable: 'any' },
            }) as JsonSchemaObject,
          )
        : {};
    } catch {
      json = {};
    }
    schemaCache.set(schema, json);
  }
  return json;
}

/**
 * Throws when `action` is not a usable {@link PageAction} (a configuration mistake).
 * @param nodeId - the declaring node, for the message.
 * @param name - the action's name.
 * @param action - the value to check.
 * @throws SightlineError `INVALID_ARGUMENT` naming the node and the missing part.
 */
export function assertPageAction(nodeId: string, name: string, action: PageAction): void {
  const problem =
    name.length === 0
      ? 'an empty name'
      : typeof action?.description !== 'string'
        ? 'no description string'
        : typeof (action.input as { safeParse?: unknown })?.safeParse !== 'function'
          ? 'an input that is not a zod schema'
          : typeof action.handler !== 'function'
            ? 'no handler function'
            : actionInputSchema(action.input).type !== 'object'
              ? 'an input that is not an object schema (tools take objects: use z.object)'
              : undefined;
  if (problem) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Action "${name}" of page node "${nodeId}" has ${problem}; declare actions as { description, input: z.object(...), handler }.`,
      details: { nodeId, action: name },
    });
  }
}

/** Options of {@link runPageAction}. */
export interface RunPageActionOptions {
  /** Node id and action name, for messages. */
  nodeId: string;
  /** Action name. */
  name: string;
  /** Cap on the serialized result, in bytes. Default 4,096. */
  maxResultBytes?: number;
  /** What the handler may report while it runs. Default: progress is ignored. */
  context?: Partial<PageActionContext> | undefined;
}

const IGNORE_PROGRESS = (): void => {};

/**
 * Validates `input` and runs the action's handler.
 * @param action - the action, or `undefined` when the node or action is gone.
 * @param input - what the model sent.
 * @param options - ids for messages and the result cap.
 * @returns the handler's result serialized (`{ ok: true }` for `undefined`), or a `{ error }` value
 * (`INVALID_ARGUMENT` for input failing the schema, `ACTION_NOT_FOUND`, or the handler's error via
 * `toToolError`). Never throws.
 */
export async function runPageAction(
  action: PageAction | undefined,
  input: unknown,
  { nodeId, name, maxResultBytes = 4096, context }: RunPageActionOptions,
): Promise<JsonValue> {
  try {
    if (!action) {
      throw new SightlineError({
        code: 'ACTION_NOT_FOUND',
        message: `Page node "${nodeId}" no longer offers action "${name}" (the page changed). Read the current page context and use a tool it lists.`,
        details: { nodeId, action: name },
      });
    }
    const parsed = action.input.safeParse(input);
    if (!parsed.success) {
      // Loaded only when an input fails (see the module's comment).
      const { prettifyError } = await import('zod');
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `Invalid input for action "${name}" of node "${nodeId}":\n${prettifyError(parsed.error)}\nFix the input to match the tool's schema and call it again.`,
        details: { nodeId, action: name },
      });
    }
    const result = await action.handler(parsed.data, {
      reportProgress: context?.reportProgress ?? IGNORE_PROGRESS,
    });
    return result === undefined
      ? { ok: true }
      : serializeValue(result, { maxBytes: maxResultBytes });
  } catch (error) {
    return toolErrorValue(error);
  }
}

/**
 * `toToolError(error)` as a JSON value (tool results here are JSON).
 * @param error - anything caught in a tool.
 * @returns `{ error: { code, message } }`; never throws.
 */
export function toolErrorValue(error: unknown): JsonValue {
  return toToolError(error) as unknown as JsonValue;
}
