import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectedClient, connectClient, textOf } from './connect-client.test-helper.js';

let repo: FakeRepository;
let mcp: ConnectedClient;

beforeAll(async () => {
  repo = await createFakeRepository();
  await writeFile(path.join(repo.root, '.env'), 'STRIPE_API_KEY=sk_live_do_not_leak\n');
  mcp = await connectClient({ repo: repo.root, cacheDir: false });
});

afterAll(async () => {
  await mcp.close();
  await repo.cleanup();
});

/** A call that must keep working after every refused one. */
async function expectStillServing() {
  const result = await mcp.call('read_file', { path: 'src/format.ts', startLine: 1, endLine: 1 });
  expect(result.isError).toBeUndefined();
  expect(textOf(result)).toContain('Formats an amount in euros.');
}

const hostile: [string, string, Record<string, unknown>, RegExp][] = [
  ['a path climbing out', 'read_file', { path: '../../etc/passwd' }, /^PATH_OUTSIDE_ROOT: /],
  ['an absolute path', 'read_file', { path: '/etc/passwd' }, /^PATH_(OUTSIDE_ROOT|NOT_RELATIVE): /],
  ['a folder above the root', 'list_dir', { path: '..' }, /^PATH_OUTSIDE_ROOT: /],
  [
    'grep outside the root',
    'grep',
    { pattern: 'root', path: '/etc' },
    /^PATH_(OUTSIDE_ROOT|NOT_RELATIVE): /,
  ],
  ['a secret file', 'read_file', { path: '.env' }, /^SECRET_FILE: /],
  ['an invalid regex', 'grep', { pattern: '(unclosed' }, /^INVALID_REGEX: /],
  ['a wrong type', 'read_file', { path: 42 }, /Input validation error: .*path/],
  ['a missing argument', 'find_symbol', {}, /Input validation error: .*name/],
  [
    'a line range of the wrong kind',
    'read_file',
    { path: 'src/format.ts', startLine: 1.5 },
    /Input validation error/,
  ],
  ['a map budget too large', 'repo_map', { tokens: 1_000_000 }, /Input validation error: .*tokens/],
  ['an unknown tool', 'rm_rf', {}, /Tool rm_rf not found/],
  [
    'a diagnosis that is not JSON',
    'verify_diagnosis',
    { diagnosis: '{oops' },
    /^INVALID_ARGUMENT: The diagnosis is not valid JSON/,
  ],
  ['an empty report', 'localize', { report: '   ' }, /^REPORT_EMPTY: /],
  ['an unknown report format', 'parse_report', { text: 'boom', format: 'punchcard' }, /punchcard/],
];

describe('hostile input', () => {
  it.each(hostile)(
    'refuses %s with a tool error and keeps serving',
    async (_, name, args, message) => {
      const result = await mcp.call(name, args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
      await expectStillServing();
    },
  );

  it('refuses a 5 MB report before parsing it', async () => {
    const huge = `TypeError: boom\n${'    at x (src/cart/total.ts:5:3)\n'.repeat(160_000)}`;
    expect(huge.length).toBeGreaterThan(5_000_000);
    for (const [name, key] of [
      ['parse_report', 'text'],
      ['localize', 'report'],
      ['investigate', 'report'],
    ] as const) {
      const result = await mcp.call(name, { [key]: huge });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('The report is over 1,000,000 characters.');
    }
    await expectStillServing();
  });

  it('localizes a report just under the cap that carries a pasted blob, in seconds', async () => {
    const report = `TypeError: boom\n    at formatEuro (src/format.ts:2:10)\n${'A'.repeat(990_000)}\n`;
    const result = await mcp.call('localize', { report });
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).toContain('src/format.ts');
    await expectStillServing();
  }, 20_000);

  it('never shows a secret file through grep or list_dir', async () => {
    const grep = await mcp.call('grep', { pattern: 'sk_live' });
    expect(textOf(grep)).not.toContain('sk_live_do_not_leak');
    const list = await mcp.call('list_dir', {});
    expect(textOf(list)).not.toContain('sk_live');
  });

  it('reports paths outside the repository in a diagnosis as problems, without reading them', async () => {
    const investigated = await mcp.call('investigate', { report: repo.reportText });
    const diagnosis = structuredClone(investigated.structuredContent) as {
      affectedFiles: { path: string }[];
    };
    diagnosis.affectedFiles = diagnosis.affectedFiles.map((file) => ({
      ...file,
      path: '../../etc/passwd',
    }));
    const result = await mcp.call('verify_diagnosis', { diagnosis });
    expect(result.isError).toBeUndefined();
    const { ok, errors } = result.structuredContent as { ok: boolean; errors: { code: string }[] };
    expect(ok).toBe(false);
    expect(new Set(errors.map((error) => error.code))).toEqual(new Set(['PATH_OUTSIDE_ROOT']));
    expect(textOf(result)).not.toContain('root:x:0:0');
  });

  it('treats a focus outside the repository as a plain identifier', async () => {
    const result = await mcp.call('repo_map', { focus: ['/etc/passwd', '../../etc/shadow'] });
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).not.toContain('root:');
  });
});
