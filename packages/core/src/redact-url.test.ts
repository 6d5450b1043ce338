import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

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

  it('keeps a URL without secrets as it is, and does not echo one that does not parse', () => {
    expect(redactUrl('postgres://u@127.0.0.1/db')).toBe('postgres://u@127.0.0.1/db');
    expect(redactUrl('not a url pw=x')).toBe('(unparseable URL)');
  });
});
