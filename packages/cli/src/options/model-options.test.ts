import { describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { resolveModelFlags } from './model-options.js';

const env = { ANTHROPIC_API_KEY: 'test-key' };

/** Resolves `--model spec` and returns what it printed on stderr. */
function warningsFor(spec: string): string {
  const io = Object.assign(memoryOutput(), { env });
  expect(resolveModelFlags({ model: spec }, io).model).toBeDefined();
  return io.err;
}

describe('resolveModelFlags', () => {
  it('warns once when the model has no known profile', () => {
    expect(warningsFor('openai-compatible:http://localhost:11434/v1#my-finetune')).toBe(
      'sightline: warning: no profile for model "my-finetune"; assuming a 32,768-token window (compaction triggers at 85 %)\n',
    );
  });

  it('prints nothing for known models, their snapshots and tags, or offline', () => {
    expect(warningsFor('anthropic:claude-sonnet-4-5-20250929')).toBe('');
    expect(warningsFor('openai-compatible:http://localhost:11434/v1#qwen2.5-coder:14b')).toBe('');
    const offline = Object.assign(memoryOutput(), { env: {} });
    expect(resolveModelFlags({}, offline)).toEqual({});
    expect(offline.err).toBe('');
  });
});
