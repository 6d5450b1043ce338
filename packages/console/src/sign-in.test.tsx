// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignIn } from './sign-in.js';

afterEach(() => {
  cleanup();
  for (const meta of document.head.querySelectorAll('meta')) meta.remove();
});

/** The page as the service serves it: where the token is in a `<meta>` of its head. */
function servedWith(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
  render(<SignIn refused={false} onSignedIn={() => {}} />);
  return screen.getByText(/paste the API token/).textContent ?? '';
}

describe('the sign-in page', () => {
  it("names the service's own token file", () => {
    // Fresh-user trial: for `serve --data /tmp/x` it said `cat .sightline/serve/api-token`.
    const text = servedWith('sightline-token-file', '/tmp/x/api-token');
    expect(text).toContain('it is in the file /tmp/x/api-token (cat /tmp/x/api-token).');
    expect(text).not.toContain('.sightline/serve');
  });

  it('quotes a path the shell would split, and names a token from the environment', () => {
    expect(servedWith('sightline-token-file', "/srv/bug's data/api-token")).toContain(
      "(cat '/srv/bug'\\''s data/api-token')",
    );
    cleanup();
    for (const meta of document.head.querySelectorAll('meta')) meta.remove();
    expect(servedWith('sightline-token-variable', 'SIGHTLINE_API_TOKEN')).toContain(
      "it is the service's environment variable SIGHTLINE_API_TOKEN.",
    );
  });
});
