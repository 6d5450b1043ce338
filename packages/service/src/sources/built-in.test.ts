import { describe, expect, it } from 'vitest';
import { SOURCE_KINDS } from '../vocabulary.js';
import { BUILT_IN_SOURCES } from './built-in.js';

describe('built-in source modules', () => {
  it('are the kinds the vocabulary names (the console filters and the assistant take those)', () => {
    expect(BUILT_IN_SOURCES.map((module) => module.kind)).toEqual([...SOURCE_KINDS]);
  });

  // A misspelt setting must not be dropped: `--set baseURL=https://ghe.example` read as no
  // setting at all would send the source's token to the provider's public address instead.
  it.each(BUILT_IN_SOURCES.map((module) => [module.kind, module] as const))(
    '%s refuses a setting it does not declare, naming it',
    (_kind, module) => {
      const parsed = module.configSchema.safeParse({ baseURL: 'http://127.0.0.1:1' });
      expect(parsed.success).toBe(false);
      const unknown = parsed.error?.issues.find((issue) => issue.code === 'unrecognized_keys');
      expect(unknown).toMatchObject({ keys: ['baseURL'] });
    },
  );
});
