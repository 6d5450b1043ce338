import { describe, expect, it } from 'vitest';
import { consoleLine } from './run-serve.js';

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
