import { describe, expect, it } from 'vitest';
import { demoOptions } from './demo-flags.js';

/** `serve --demo` with commander's defaults (port 4317, concurrency 2, rate limit 600). */
const DEMO = { demo: true, port: 4317, concurrency: 2, rateLimit: 600 };

describe('serve --demo flags', () => {
  it('honours --host, --rate-limit, --source-hosts, --concurrency and --project', () => {
    const options = demoOptions({
      ...DEMO,
      port: 0,
      once: true,
      data: '/tmp/demo-data',
      host: '0.0.0.0',
      rateLimit: 30,
      sourceHosts: '127.0.0.1:9000',
      concurrency: 4,
      project: 'json5',
    });
    expect(options).toEqual({
      port: 0,
      once: true,
      data: '/tmp/demo-data',
      service: {
        host: '0.0.0.0',
        rateLimit: 30,
        sourceHosts: '127.0.0.1:9000',
        concurrency: 4,
        project: 'json5',
      },
    });
  });

  it('refuses a Windows drive path as --data on another system before the download', () => {
    expect(() => demoOptions({ ...DEMO, data: 'C:/x' })).toThrow(
      `--data C:/x is a Windows drive path, but this system (${process.platform}) has no drive letters: give the data folder as a path here, such as ./sightline-data or /var/lib/sightline (write ./C:/x for a folder really named C:).`,
    );
  });

  it('keeps the defaults when nothing is given', () => {
    expect(demoOptions(DEMO)).toEqual({
      port: 4317,
      once: false,
      service: { concurrency: 2, rateLimit: 600 },
    });
  });

  it('refuses, by name, the flags the demo cannot honour', () => {
    expect(() => demoOptions({ ...DEMO, model: 'anthropic:claude-sonnet-4-5' })).toThrow(
      '--demo cannot take --model (it runs offline): drop it, or serve your own repository with --repo DIR.',
    );
    expect(() =>
      demoOptions({ ...DEMO, repo: '.', database: 'postgres://db/x', digest: '0 8 * * *' }),
    ).toThrow(
      '--demo cannot take --repo, --database, --digest (it serves the demo package, it runs on SQLite, it sends no digest): drop them',
    );
  });

  it('refuses a host other than loopback without a token, saying how to give one', () => {
    // The advice was to start once on 127.0.0.1 to create <fresh temporary folder>/api-token.
    expect(() => demoOptions({ ...DEMO, host: '0.0.0.0' })).toThrow(
      /needs an API token, and its fresh data folder has none: set SIGHTLINE_API_TOKEN, or give --data DIR/,
    );
    expect(
      demoOptions({ ...DEMO, host: '0.0.0.0' }, { SIGHTLINE_API_TOKEN: 't' }).service.host,
    ).toBe('0.0.0.0');
    expect(demoOptions({ ...DEMO, host: '0.0.0.0', data: '/srv/demo' }).data).toBe('/srv/demo');
  });

  it('refuses a --rate-limit below what its own calls need, before starting', () => {
    // It started, printed the inbox's first lines, then failed on its own 429.
    expect(() => demoOptions({ ...DEMO, rateLimit: 2 })).toThrow(
      /--rate-limit 2 would refuse its own calls: give --rate-limit 20 or more/,
    );
    expect(demoOptions({ ...DEMO, rateLimit: 20 }).service.rateLimit).toBe(20);
  });

  it('refuses a --source-hosts entry serve would refuse, before the demo downloads its package', () => {
    expect(() => demoOptions({ ...DEMO, sourceHosts: 'http://ghe.acme.com/api' })).toThrow(
      /--source-hosts takes host names, or host:port, .* "http:\/\/ghe.acme.com\/api" is not one/,
    );
  });
});
