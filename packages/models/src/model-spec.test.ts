import { describe, expect, it } from 'vitest';
import { caught } from './__fixtures__/caught.js';
import { modelSpecFromEnv, parseModelSpec } from './model-spec.js';

describe('parseModelSpec', () => {
  it('splits provider, model id and base URL, keeping tags in the id', () => {
    expect(parseModelSpec('anthropic:claude-sonnet-4-5')).toEqual({
      provider: 'anthropic',
      id: 'claude-sonnet-4-5',
    });
    expect(parseModelSpec('openai-compatible:http://localhost:11434/v1#qwen2.5-coder:14b')).toEqual(
      {
        provider: 'openai-compatible',
        id: 'qwen2.5-coder:14b',
        baseURL: 'http://localhost:11434/v1',
      },
    );
  });

  it.each([
    'claude-sonnet-4-5',
    'anthropic:',
    'google:gemini-2.5-pro',
    'openai-compatible:qwen3',
    'openai-compatible:not a url#qwen3',
    'openai-compatible:http://localhost:8080/v1#',
    'openai-compatible:ftp://127.0.0.1:9/v1#qwen3',
  ])('rejects %j with UNKNOWN_MODEL listing the accepted forms', (spec) => {
    const error = caught(() => parseModelSpec(spec));
    expect(error.code).toBe('UNKNOWN_MODEL');
    expect(error.message).toContain('openai-compatible:<baseURL>#<model>');
  });
});

describe('parseModelSpec on a base URL of another scheme', () => {
  it('says the base URL must be http or https', () => {
    expect(caught(() => parseModelSpec('openai-compatible:file:///tmp/x#q')).message).toContain(
      'the base URL must be http:// or https://, not file://',
    );
  });
});

describe('parseModelSpec on a base URL that does not parse', () => {
  it('names a port above 65535 rather than asking for a base URL it was given', () => {
    // Fresh-user trial 38: "needs a base URL, `#`, then the model" for http://127.0.0.1:99999/v1.
    const message = caught(() =>
      parseModelSpec('openai-compatible:http://127.0.0.1:99999/v1#m', '--model'),
    ).message;
    expect(message).toContain(
      'its base URL has port 99999, above the highest port (65535): fix the port.',
    );
    expect(message).not.toContain('needs a base URL');
  });

  it('quotes another base URL that is not one, with its password hidden', () => {
    const message = caught(() =>
      parseModelSpec('openai-compatible:http://user:hunter2@[::1/v1#m'),
    ).message;
    expect(message).toContain('is not a URL: write it as http://host:port/path');
    expect(message).not.toContain('hunter2');
  });
});

describe('parseModelSpec with a source', () => {
  it('names the environment variable or flag the bad spec came from', () => {
    const error = caught(() => parseModelSpec('bogus', 'SIGHTLINE_MODEL'));
    expect(error).toMatchObject({
      code: 'UNKNOWN_MODEL',
      details: { spec: 'bogus', source: 'SIGHTLINE_MODEL' },
    });
    expect(error.message).toMatch(
      /^Cannot read the model spec "bogus" \(from SIGHTLINE_MODEL\): it has no `provider:` prefix or no model\. Set SIGHTLINE_MODEL to `anthropic:<model>`/,
    );
    const flag = caught(() => parseModelSpec('google:gemini', '--model'));
    expect(flag.message).toContain('"google:gemini" (from --model): provider `google`');
    expect(caught(() => parseModelSpec('bogus')).message).not.toContain('(from');
  });
});

describe('modelSpecFromEnv', () => {
  it('reads SIGHTLINE_MODEL and SIGHTLINE_STRUCTURER_MODEL, treating blanks as unset', () => {
    expect(
      modelSpecFromEnv({ SIGHTLINE_MODEL: 'openai:gpt-4.1', SIGHTLINE_STRUCTURER_MODEL: '  ' }),
    ).toEqual({ model: 'openai:gpt-4.1', structurer: undefined });
    expect(modelSpecFromEnv({})).toEqual({ model: undefined, structurer: undefined });
  });
});

describe('model specs in messages (fresh-user trial 30)', () => {
  it('refuses a base URL with a user name or password, naming the key variable, not the password', () => {
    const spec =
      'openai-compatible:http://admin:Xk93qLz2pWr7TbQ@127.0.0.1:18500/v1?api_key=Zk9pQ#m';
    expect(() => parseModelSpec(spec, '--model')).toThrow(
      'Cannot read the model spec "openai-compatible:http://admin:***@127.0.0.1:18500/v1?api_key=***#m" (from --model): its base URL holds a user name or password (user:password@), which fetch does not send and logs would show: give the key in OPENAI_COMPATIBLE_API_KEY (sent as a Bearer token) and leave it out of the URL.',
    );
  });
});
