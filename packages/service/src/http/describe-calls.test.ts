import { describe, expect, it } from 'vitest';
import { describeCalls, tokenInShell } from './describe-calls.js';

describe('describeCalls', () => {
  it('reads the token from its file, or from SIGHTLINE_API_TOKEN when it came from there', () => {
    // With the variable set no file is written: the lines read an empty $(cat …) before.
    expect(tokenInShell('/data/api-token', {})).toBe('$(cat /data/api-token)');
    expect(tokenInShell('/data/api-token', { SIGHTLINE_API_TOKEN: 'x' })).toBe(
      '$SIGHTLINE_API_TOKEN',
    );
    const lines = describeCalls('http://127.0.0.1:4317', '$SIGHTLINE_API_TOKEN');
    expect(lines).toContain(
      'curl -s -H "Authorization: Bearer $SIGHTLINE_API_TOKEN" http://127.0.0.1:4317/api/groups',
    );
    expect(lines).not.toContain('cat ');
    // A placeholder, not a file the reader may take for one that exists (trial 24: @crash.txt).
    expect(lines).toContain('--data-binary @<report-file> http://127.0.0.1:4317/api/reports');
  });

  it('quotes a token file path the shell would split or expand', () => {
    // '/srv/my data/api-token' printed as $(cat /srv/my data/api-token): cat read two files.
    expect(tokenInShell('/srv/my data/api-token', {})).toBe("$(cat '/srv/my data/api-token')");
    expect(tokenInShell("/srv/it's $(x)/api-token", {})).toBe(
      "$(cat '/srv/it'\\''s $(x)/api-token')",
    );
  });
});
