/**
 * What a source kind asks for, read from its module's schemas (zod 4's JSON Schema of their
 * input): each setting and secret with its type, description, default and whether it is
 * required. The console builds its "add a source" form from this, so a new module needs no
 * console change.
 */
import { z } from 'zod';
import type { SourceModule } from './types.js';

/** One field of a source's settings or secrets. */
export interface SourceField {
  name: string;
  /** `string`, `number`, `integer` or `boolean` (other JSON types: `string`, entered as JSON). */
  type: 'string' | 'number' | 'integer' | 'boolean';
  description: string;
  required: boolean;
  /** The value used when the field is left out; absent: none. */
  default?: unknown;
  /**
   * True when the value is an address the service calls (a URL: `baseUrl`, a token endpoint).
   * Over the API such a value may only name a host the operator allowed (`serve --source-hosts`).
   */
  address?: true;
}

/** A source kind as the console offers it. */
export interface SourceKind {
  kind: string;
  description: string;
  /** Interval between polls, ms; null: not polled. */
  pollIntervalMs: number | null;
  settings: SourceField[];
  secrets: SourceField[];
}

/** The fields of an object schema (none when the schema is not an object). */
export function sourceFields(schema: z.ZodType): SourceField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<
      string,
      { type?: unknown; format?: unknown; description?: string; default?: unknown }
    >;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const type = ['number', 'integer', 'boolean'].includes(String(property.type))
      ? (property.type as SourceField['type'])
      : 'string';
    return {
      name,
      type,
      description: property.description ?? '',
      required: required.has(name) && property.default === undefined,
      ...(property.default !== undefined ? { default: property.default } : {}),
      ...(property.format === 'uri' ? { address: true as const } : {}),
    };
  });
}

/** What `module` asks for. */
export function describeSourceKind(module: SourceModule<unknown, unknown>): SourceKind {
  return {
    kind: module.kind,
    description: module.description,
    pollIntervalMs: module.pollIntervalMs ?? null,
    settings: sourceFields(module.configSchema),
    secrets: sourceFields(module.credentialsSchema),
  };
}
