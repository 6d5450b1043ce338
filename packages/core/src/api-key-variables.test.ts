import { describe, expect, it } from 'vitest';
import { apiKeyVariable } from './api-key-variables.js';

describe('apiKeyVariable', () => {
  it("names the variable of a spec's provider, and none for another", () => {
    expect(apiKeyVariable('anthropic')).toBe('ANTHROPIC_API_KEY');
    expect(apiKeyVariable('openai-compatible')).toBe('OPENAI_COMPATIBLE_API_KEY');
    expect(apiKeyVariable('gateway')).toBeUndefined();
    expect(apiKeyVariable('toString')).toBeUndefined();
  });
});
