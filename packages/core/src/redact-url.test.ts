import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsIn } from './redact-url.js';

describe('redactUrl', () => {
  it('hides the password of the user-info and query values named like secrets', () => {
    expect(redactUrl('postgres://u:pw@127.0.0.1:5432/db')).toBe(
      'postgres://u:***@127.0.0.1:5432/db',
    );
    expect(
      redactUrl(
        'postgres://u@127.0.0.1:1/db?password=SuperSecretPw&sslpassword=Other&sslmode=require',
      ),
    ).toBe('postgres://u@127.0.0.1:1/db?password=***&sslpassword=***&sslmode=require');
    expect(redactUrl('http://127.0.0.1:8080/v1?api_key=Zk9pQ&X-Amz-Signature=ab12&model=m')).toBe(
      'http://127.0.0.1:8080/v1?api_key=***&X-Amz-Signature=***&model=m',
    );
  });

  it('hides a query value that sets a secret, percent-encoded or not (libpq options)', () => {
    // Trial 31: `?options=-c%20password%3D…` was shown as given.
    expect(
      redactUrl('postgres://u@127.0.0.1:1/db?options=-c%20password%3DHunter2x&sslmode=require'),
    ).toBe('postgres://u@127.0.0.1:1/db?options=***&sslmode=require');
    expect(redactUrl('postgres://u@127.0.0.1:1/db?options=-c+search_path%3Dapp')).toBe(
      'postgres://u@127.0.0.1:1/db?options=-c+search_path%3Dapp',
    );
  });

  it('keeps a URL without secrets as it is, and does not echo one that does not parse', () => {
    expect(redactUrl('postgres://u@127.0.0.1/db')).toBe('postgres://u@127.0.0.1/db');
    expect(redactUrl('not a url pw=x')).toBe('(unparseable URL)');
  });
});

describe('redactUrlsIn: text that may not parse as a URL (trial 31)', () => {
  it.each([
    [
      'openai-compatible:http://u:XSECRETX@127.0.0.1:99999/v1#m',
      'openai-compatible:http://u:***@127.0.0.1:99999/v1#m',
    ],
    [
      'bogus:https://u:XSECRETX@[::1/v1?api_key=XSECRETX#m',
      'bogus:https://u:***@[::1/v1?api_key=***#m',
    ],
    [
      'postgres://u@127.0.0.1:1/db#password=XSECRETX and ?pwd=XSECRETX',
      'postgres://u@127.0.0.1:1/db#password=*** and ?pwd=***',
    ],
    ['http://127.0.0.1:8080/v1?model=m#qwen', 'http://127.0.0.1:8080/v1?model=m#qwen'],
  ])('shows %j as %j', (text, shown) => {
    expect(redactUrlsIn(text)).toBe(shown);
  });
});
