import { describe, expect, it } from 'vitest';
import { checkHostHeaders, isLoopback, LOOPBACK_HOSTNAMES } from './host-check.js';

describe('checkHostHeaders', () => {
  it('lets loopback hosts and origins through', () => {
    for (const host of ['127.0.0.1:3333', 'localhost:3333', '[::1]:3333', 'localhost']) {
      expect(checkHostHeaders({ host }, LOOPBACK_HOSTNAMES)).toBeUndefined();
    }
    expect(
      checkHostHeaders(
        { host: '127.0.0.1:1', origin: 'http://localhost:5173' },
        LOOPBACK_HOSTNAMES,
      ),
    ).toBeUndefined();
  });

  it('refuses a rebound hostname, a foreign origin, and a missing host', () => {
    expect(checkHostHeaders({ host: 'evil.example:3333' }, LOOPBACK_HOSTNAMES)).toBe(
      'Host "evil.example:3333" is not allowed: this server answers only to localhost, 127.0.0.1, [::1].',
    );
    expect(
      checkHostHeaders({ host: 'localhost:1', origin: 'https://evil.example' }, LOOPBACK_HOSTNAMES),
    ).toBe(
      'Origin "https://evil.example" is not allowed: only pages served from localhost, 127.0.0.1, [::1] may call this server.',
    );
    expect(checkHostHeaders({ host: 'localhost:1', origin: 'null' }, LOOPBACK_HOSTNAMES)).toMatch(
      /^Origin "null" is not allowed/,
    );
    expect(checkHostHeaders({}, LOOPBACK_HOSTNAMES)).toMatch(/^Host "" is not allowed/);
  });

  it('allows anything when the server was bound to a public address on purpose', () => {
    expect(checkHostHeaders({ host: 'build-box.lan:3333' }, undefined)).toBeUndefined();
  });
});

describe('isLoopback', () => {
  it('knows the loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['0.0.0.0', '192.168.1.2', '::', 'example.com'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
