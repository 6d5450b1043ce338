import { describe, expect, it } from 'vitest';
import { toJSONSchema, z } from 'zod';
import type { JsonSchemaObject } from '../types.js';
import { compactJsonSchema } from './compact-json-schema.js';

describe('compactJsonSchema', () => {
  it('drops $schema and the safe-integer bounds of unbounded ints, keeps real bounds', () => {
    const schema = z.object({
      count: z.number().int(),
      limit: z.number().int().min(1).max(100).describe('rows'),
      items: z.array(z.object({ n: z.number().int().nonnegative() })),
      mode: z.enum(['a', 'b']).optional(),
    });
    const json = toJSONSchema(schema, { io: 'input' }) as JsonSchemaObject;
    expect(compactJsonSchema(json)).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'rows' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { n: { type: 'integer', minimum: 0 } },
            required: ['n'],
          },
        },
        mode: { type: 'string', enum: ['a', 'b'] },
      },
      required: ['count', 'limit', 'items'],
    });
    expect(json.$schema).toBeDefined();
  });

  it('keeps a property that happens to be named like a dropped keyword', () => {
    const json: JsonSchemaObject = {
      type: 'object',
      properties: { $schema: { type: 'string' }, maximum: { type: 'number' } },
    };
    expect(compactJsonSchema(json)).toEqual(json);
  });
});
