import { readFileSync } from 'node:fs';
import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { toJSONSchema, z } from 'zod';
import { compactJsonSchema } from './compact-json-schema.js';
import { actionInputSchema, definePageAction, runPageAction } from './page-action.js';

const setEnvironment = definePageAction({
  description: 'Switch the environment',
  input: z.object({ environment: z.enum(['production', 'staging']) }),
  handler: ({ environment }) => ({ environment }),
});
const ids = { nodeId: 'filters', name: 'set_environment' };

describe('page actions', () => {
  it('exports the input as JSON Schema, cached per schema', () => {
    const schema = actionInputSchema(setEnvironment.input);
    expect(schema).toMatchObject({
      type: 'object',
      properties: { environment: { type: 'string', enum: ['production', 'staging'] } },
      required: ['environment'],
    });
    expect(actionInputSchema(setEnvironment.input)).toBe(schema);
    expect(actionInputSchema(z.object({ at: z.date() }))).toMatchObject({ type: 'object' });
  });

  it("reads the schema's own Standard JSON Schema: the same as zod's toJSONSchema, {} without one", () => {
    const input = z.object({
      name: z.string().trim().min(1).max(100).describe('Name'),
      count: z.number().int().optional(),
      when: z.date(),
      kind: z.enum(['a', 'b']).default('a'),
      tags: z.array(z.string()).transform((tags) => tags.join(',')),
    });
    expect(actionInputSchema(input)).toEqual(
      compactJsonSchema(toJSONSchema(input, { unrepresentable: 'any', io: 'input' }) as never),
    );
    expect(actionInputSchema({ safeParse: () => ({ success: true }) } as never)).toEqual({});
  });

  it('asks for a zod whose schemas carry Standard JSON Schema (4.2.0 and later)', () => {
    // zod 4.0 and 4.1 schemas have no `~standard.jsonSchema`: every action's input would reach
    // the model as {} (no fields), silently.
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { peerDependencies: Record<string, string> };
    const [major, minor] = (/^\^(\d+)\.(\d+)\.\d+$/.exec(manifest.peerDependencies.zod ?? '') ?? [])
      .slice(1)
      .map(Number);
    expect({ major, atLeastMinor2: (minor ?? 0) >= 2 }).toEqual({ major: 4, atLeastMinor2: true });
  });

  it('runs the handler on valid input and serializes the result', async () => {
    expect(await runPageAction(setEnvironment, { environment: 'staging' }, ids)).toEqual({
      environment: 'staging',
    });
    const silent = { ...setEnvironment, handler: () => undefined };
    expect(await runPageAction(silent, { environment: 'staging' }, ids)).toEqual({ ok: true });
    const huge = { ...setEnvironment, handler: () => 'x'.repeat(10_000) };
    const result = await runPageAction(huge, { environment: 'staging' }, ids);
    expect(typeof result === 'string' && result.length < 600).toBe(true);
  });

  it('returns model-readable errors for invalid input, a missing action and a failing handler', async () => {
    const invalid = await runPageAction(setEnvironment, { environment: 'dev' }, ids);
    expect(invalid).toEqual({
      error: {
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('expected one of "production"|"staging"'),
      },
    });
    expect(await runPageAction(undefined, {}, ids)).toEqual({
      error: { code: 'ACTION_NOT_FOUND', message: expect.stringContaining('no longer offers') },
    });
    const failing = {
      ...setEnvironment,
      handler: async () => {
        throw new Error('backend down');
      },
    };
    expect(await runPageAction(failing, { environment: 'staging' }, ids)).toEqual({
      error: { code: 'TOOL_FAILED', message: 'backend down' },
    });
    const typed = {
      ...setEnvironment,
      handler: () => {
        throw new SightlineError({ code: 'INVALID_ARGUMENT', message: 'not allowed now' });
      },
    };
    expect(await runPageAction(typed, { environment: 'staging' }, ids)).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: 'not allowed now' },
    });
  });
});
