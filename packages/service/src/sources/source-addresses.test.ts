import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkSourceAddresses, parseSourceHosts } from './source-addresses.js';

const module = {
  kind: 'example',
  configSchema: z.object({
    baseUrl: z.url().default('https://127.0.0.1:8443/v2'),
    label: z.string().optional(),
  }),
  credentialsSchema: z.object({ token: z.string(), tokenUrl: z.url().optional() }),
};
const check =
  (settings: Record<string, unknown>, secrets: Record<string, unknown>, hosts: string[]) => () =>
    checkSourceAddresses(module, { settings, secrets }, parseSourceHosts(hosts));

describe('source addresses', () => {
  it('reads hosts and host:port entries, IPv6 included, and refuses URLs', () => {
    expect(parseSourceHosts(' LOCALHOST, 127.0.0.1:9000,[::1]:8080,::1 ,')).toEqual([
      'localhost',
      '127.0.0.1:9000',
      '[::1]:8080',
      '::1',
    ]);
    for (const bad of ['https://localhost', 'localhost/api', 'user@host', 'a b']) {
      expect(() => parseSourceHosts(bad)).toThrow(/--source-hosts takes host names/);
    }
  });

  it("accepts the default origin and allowed hosts, refuses the rest naming the field, never a value's secret", () => {
    expect(check({}, { token: 't' }, [])).not.toThrow();
    expect(check({ baseUrl: 'https://127.0.0.1:8443/v3/' }, { token: 't' }, [])).not.toThrow();
    expect(check({ baseUrl: 'http://127.0.0.1:8443' }, { token: 't' }, [])).toThrow(
      /^settings\.baseUrl \(127\.0\.0\.1:8443\): example sources added over the API only call .* \(it allows none\)/,
    );
    expect(
      check({ baseUrl: 'http://127.0.0.1:9000' }, { token: 't' }, ['127.0.0.1']),
    ).not.toThrow();
    expect(
      check({ baseUrl: 'http://127.0.0.1:9000' }, { token: 't' }, ['127.0.0.1:9000']),
    ).not.toThrow();
    expect(check({ baseUrl: 'http://127.0.0.1:9001' }, { token: 't' }, ['127.0.0.1:9000'])).toThrow(
      /settings\.baseUrl \(127\.0\.0\.1:9001\)/,
    );
    expect(
      check({ baseUrl: 'https://localhost' }, { token: 't' }, ['localhost:443']),
    ).not.toThrow();
    expect(check({ baseUrl: 'http://[::1]:8080' }, { token: 't' }, ['::1'])).not.toThrow();
    expect(check({ baseUrl: 'http://[::1]:8080' }, { token: 't' }, ['[::1]:8080'])).not.toThrow();
    // An IPv6 host and its port are not read as one longer address: the address ::1:8080 (any
    // port) does not allow ::1 at port 8080, nor does [::1]:8080 allow the address ::1:8080.
    expect(check({ baseUrl: 'http://[::1]:8080' }, { token: 't' }, ['::1:8080'])).toThrow(
      /settings\.baseUrl \(\[::1\]:8080\)/,
    );
    expect(
      check({ baseUrl: 'http://[::1]:8080' }, { token: 't' }, ['[::1]:8081', '::1:8080']),
    ).toThrow(/it allows \[::1\]:8081, ::1:8080\)/);
    expect(check({ baseUrl: 'file:///etc/passwd' }, { token: 't' }, ['127.0.0.1'])).toThrow(
      /settings\.baseUrl \(file:\)/,
    );
    expect(
      check({}, { token: 'secret-value', tokenUrl: 'https://user:secret-value@127.0.0.3/t' }, []),
    ).toThrow(/^secrets\.tokenUrl \(127\.0\.0\.3\): /);
    try {
      check({}, { token: 'x', tokenUrl: 'https://user:secret-value@127.0.0.3/t' }, [])();
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-value');
    }
  });
});
