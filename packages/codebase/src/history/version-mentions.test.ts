import { describe, expect, it } from 'vitest';
import { compareVersions, findVersionMentions } from './version-mentions.js';

const sides = (text: string) =>
  findVersionMentions(text).map((mention) => [mention.text, mention.side, mention.kind]);

describe('findVersionMentions', () => {
  it("reads a JSON string's mention as its key and text, without JSON's quotes", () => {
    // Fresh-user trial: a Sentry crash's regression window read from “"shop@1.3.0"”.
    const contexts = (text: string) => findVersionMentions(text).map((mention) => mention.context);
    const event = { event_id: 'abc', release: 'shop@1.3.0', message: 'Fails since 1.2.9, sadly' };
    expect(contexts(JSON.stringify(event, null, 2))).toEqual([
      'release: shop@1.3.0',
      'message: Fails since 1.2.9',
    ]);
    expect(contexts(JSON.stringify(event))).toEqual([
      'release: shop@1.3.0',
      'message: Fails since 1.2.9',
    ]);
    // Quotes in prose stay.
    expect(contexts('It says "broken since 2.4" on the release page')).toEqual([
      'It says "broken since 2.4" on the release page',
    ]);
  });

  it.each([
    [
      'In version 3.2.0 it fails, 3.1.0 and earlier are fine',
      [
        ['3.2.0', 'bad', 'version'],
        ['3.1.0', 'good', 'version'],
      ],
    ],
    ["since e443068 I'm getting a TypeError", [['e443068', 'bad', 'commit']]],
    [
      'After upgrading to 2.4 the app crashes. Node v18.2.0 on macOS 14.1',
      [['2.4', 'bad', 'version']],
    ],
    [
      'Works in v1.2, broken in v1.3',
      [
        ['v1.2', 'good', 'version'],
        ['v1.3', 'bad', 'version'],
      ],
    ],
    [
      'Regression: upgrading from 4.17.1 to 4.18.0 breaks routing',
      [
        ['4.17.1', 'good', 'version'],
        ['4.18.0', 'bad', 'version'],
      ],
    ],
    [
      'axios@1.7.4 throws navigator is not defined; 1.7.3 was fine',
      [
        ['axios@1.7.4', 'bad', 'version'],
        ['1.7.3', 'good', 'version'],
      ],
    ],
    [
      'Version 2.0.1 and 2.0.3',
      [
        ['2.0.1', 'good', 'version'],
        ['2.0.3', 'bad', 'version'],
      ],
    ],
    [
      'tz() in v1.11.9 loses the locale (worked in v1.11.8).',
      [
        ['v1.11.9', 'bad', 'version'],
        ['v1.11.8', 'good', 'version'],
      ],
    ],
    [
      'loses the locale in 1.11.9 and 9.9.9 worked',
      [
        ['1.11.9', 'bad', 'version'],
        ['9.9.9', 'good', 'version'],
      ],
    ],
    ['no versions here, only deadbeef words and 12345678', []],
    // Quantities are no versions (fresh-user trial 40 read a price as one; the corpus of real
    // fixes has test timings, benchmark tables and log dates).
    ['I paid 19.90 for the pro plan and since 2.4 the export crashes', [['2.4', 'bad', 'version']]],
    ['Pro costs $19.90, or 24.90 € a year; 2.4 broke sync', [['2.4', 'bad', 'version']]],
    [
      'Tests run: 3, took 2.306 sec; 16.54% slower, 554.0 MB/s, 0.82 Mb, 1.5x, 3.2 s on 26.05.2010',
      [],
    ],
    // Fresh-user trial 42: a unit at a sentence's end was read as a version.
    ['Crash after 1.3 seconds. Total was 1.2 EUR.', []],
    ['It hangs for 2.5 min.\nSince 3.1.0 the export fails', [['3.1.0', 'bad', 'version']]],
    // Fresh-user trial 181: a log's time of day and a client's address were read as versions.
    [
      '12-07 10:00:11.476  4312  4312 E AndroidRuntime: FATAL EXCEPTION: main; since 2.4 it crashes',
      [['2.4', 'bad', 'version']],
    ],
    [
      '{"@timestamp":"2026-12-07T10:00:07.118+01:00","@version":"1","message":"GET /orders failed"}',
      [],
    ],
    [
      '{"req":{"remoteAddress":"10.42.0.17"},"msg":"boom"} and proxy 10.0.0.5:8080 broke after 1.8.2',
      [['1.8.2', 'bad', 'version']],
    ],
    [
      'the client ip 192.168.1.20 sees it; 4.0.30319.42000 and 1.2.0.17 fail',
      [
        ['4.0.30319.42000', 'bad', 'version'],
        ['1.2.0.17', 'bad', 'version'],
      ],
    ],
    [
      'yarn run v1.22.19\n$ jest\n3.1.0 fails',
      [
        ['v1.22.19', 'good', 'version'],
        ['3.1.0', 'bad', 'version'],
      ],
    ],
  ])('%s', (text, expected) => {
    expect(sides(text)).toEqual(expected);
  });
});

describe('compareVersions', () => {
  it('orders by numeric parts, missing parts as 0, at any length', () => {
    expect(compareVersions('3.10.0', '3.9.9')).toBeGreaterThan(0);
    expect(compareVersions('v2.4', '2.4.0')).toBe(0);
    expect(compareVersions('1.02', '1.2')).toBe(0);
    // Parts past 2^53 were Infinity - Infinity = NaN: neither before, after nor equal.
    const huge = `1.${'9'.repeat(400)}`;
    const huger = `1.1${'0'.repeat(400)}`;
    expect(compareVersions(huge, huger)).toBeLessThan(0);
    expect(compareVersions(huger, huge)).toBeGreaterThan(0);
    expect(compareVersions(huge, huge)).toBe(0);
  });
});
