import { describe, expect, it } from 'vitest';
import { checkModels, consoleLine } from './run-serve.js';

const service = {
  url: 'http://127.0.0.1:4317',
  consoleUrl: 'http://127.0.0.1:4317/#token=s3cret',
  tokenFile: '/srv/sightline/api-token',
};

describe('the Console line', () => {
  it('carries the token for a person at a terminal, or when the token is new and shown anyway', () => {
    expect(
      consoleLine({ ...service, tokenCreated: false }, { env: {}, stdoutIsTerminal: true }),
    ).toBe('Console: http://127.0.0.1:4317/#token=s3cret');
    expect(consoleLine({ ...service, tokenCreated: true }, { env: {} })).toBe(
      'Console: http://127.0.0.1:4317/#token=s3cret',
    );
  });

  it('keeps a kept token out of a log: the bare URL and where the token is', () => {
    const line = consoleLine({ ...service, tokenCreated: false }, { env: {} });
    expect(line).toBe(
      'Console: http://127.0.0.1:4317/ (sign in with the API token in /srv/sightline/api-token)',
    );
    const fromEnv = consoleLine(
      { ...service, tokenCreated: false },
      { env: { SIGHTLINE_API_TOKEN: 's3cret' }, stdoutIsTerminal: false },
    );
    expect(fromEnv).not.toContain('s3cret');
    expect(fromEnv).toContain('$SIGHTLINE_API_TOKEN');
  });
});

describe('checkModels', () => {
  const env = { ANTHROPIC_API_KEY: 'test-key-not-real' };

  it('passes models it can resolve, and no model at all', () => {
    expect(() =>
      checkModels(
        'anthropic:claude-haiku-4-5',
        { local: 'openai-compatible:http://127.0.0.1:11434/v1#qwen' },
        { env, source: '--model' },
      ),
    ).not.toThrow();
    expect(() => checkModels(undefined, undefined, { env: {}, source: '--model' })).not.toThrow();
  });

  it('refuses a spec it cannot read or a model without its API key, naming where it came from', () => {
    expect(() => checkModels('bogus', undefined, { env, source: '--model' })).toThrow(
      expect.objectContaining({
        code: 'UNKNOWN_MODEL',
        message: expect.stringContaining('(from --model)'),
      }),
    );
    expect(() =>
      checkModels('openai:gpt-4.1', undefined, { env, source: 'SIGHTLINE_MODEL' }),
    ).toThrow(
      expect.objectContaining({
        code: 'MISSING_API_KEY',
        message: expect.stringContaining('OPENAI_API_KEY'),
      }),
    );
    expect(() =>
      checkModels(undefined, { fast: 'openai:gpt-4.1' }, { env, source: '--model' }),
    ).toThrow(
      expect.objectContaining({
        code: 'MISSING_API_KEY',
        message: expect.stringContaining('--models'),
      }),
    );
  });
});
