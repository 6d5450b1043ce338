import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { countTokens } from '@sightline/core';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { indexedSummary, registerMap, runMap } from './map.js';

const REPO: Record<string, string> = {
  'src/log.ts': 'export function logEvent(name: string): void {\n  console.log(name);\n}\n',
  'src/money.ts':
    "import { logEvent } from './log.js';\n\nexport function formatMoney(cents: number): string {\n  logEvent('format');\n  return (cents / 100).toFixed(2);\n}\n",
  'src/checkout.ts':
    "import { formatMoney } from './money.js';\nimport { logEvent } from './log.js';\n\nexport function checkoutOrder(total: number): string {\n  logEvent('checkout');\n  return formatMoney(total);\n}\n",
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-map-'));
  for (const [file, content] of Object.entries(REPO)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

async function map(options: Parameters<typeof runMap>[0]) {
  let stdout = '';
  let stderr = '';
  const code = await runMap(
    { cacheDir: false, ...options },
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  );
  return { code, stdout, stderr };
}

describe('runMap', () => {
  it('prints the map within the budget', async () => {
    const { code, stdout } = await map({ dir: root, tokens: 200 });
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'src/log.ts:',
        '1│ export function logEvent(name: string): void',
        'src/money.ts:',
        '3│ export function formatMoney(cents: number): string',
        'src/checkout.ts:',
        '4│ export function checkoutOrder(total: number): string',
        '',
      ].join('\n'),
    );
  });

  it('prints only JSON with --json, ranked around the focus', async () => {
    const { stdout } = await map({
      dir: root,
      tokens: 40,
      json: true,
      focus: ['src/checkout.ts:5'],
    });
    const parsed = JSON.parse(stdout);
    expect(parsed.files[0]).toMatchObject({
      path: 'src/checkout.ts',
      symbols: [{ name: 'checkoutOrder', kind: 'function', lines: [4, 7], scope: [] }],
    });
    expect(parsed.tokens).toBe(countTokens(parsed.text));
    expect(parsed.tokens).toBeLessThanOrEqual(40);
    expect(parsed).toMatchObject({ root: expect.any(String), budget: 40 });
    expect(parsed.shownSymbols + parsed.omittedSymbols).toBe(3);
  });

  it('says on stderr when nothing fits the budget', async () => {
    const { code, stdout, stderr } = await map({ dir: root, tokens: 3 });
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr).toBe(
      'sightline map: nothing fit in --map-tokens 3: even the first file of the map needs more. Raise --map-tokens (the default is 1024).\n',
    );
    expect((await map({ dir: root, tokens: 200 })).stderr).toBe('');
  });

  it('says on stderr when what was indexed is no code', async () => {
    // Fresh-user trial 25: a folder whose code .gitignore left out indexed the .gitignore alone.
    const docs = await mkdtemp(path.join(os.tmpdir(), 'sightline-map-docs-'));
    try {
      await writeFile(path.join(docs, '.gitignore'), 'src/\n');
      await writeFile(path.join(docs, 'README.md'), '# Notes\n');
      await mkdir(path.join(docs, 'src'));
      await writeFile(path.join(docs, 'src', 'app.ts'), 'export const a = 1;\n');
      const { code, stderr } = await map({ dir: docs });
      expect(code).toBe(0);
      // In the JSON too (trial 26).
      const { stdout } = await map({ dir: docs, json: true });
      expect(JSON.parse(stdout).warnings).toEqual([expect.stringMatching(/^no code was indexed/)]);
      expect(stderr).toBe(
        `sightline: warning: no code was indexed in ${docs} (2 files indexed, none of them code: .gitignore, README.md; check what .gitignore leaves out); the map has no code in it. Run it on a folder that holds source code in a supported language.\n`,
      );
    } finally {
      await rm(docs, { recursive: true, force: true });
    }
  });

  it('lists the skipped files and their reasons in the JSON (trial 42: nothing said which)', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'sightline-map-skipped-'));
    try {
      await writeFile(path.join(folder, 'app.ts'), 'export const a = 1;\n');
      await writeFile(path.join(folder, 'logo.ts'), Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]));
      await writeFile(path.join(folder, 'dump.txt'), 'x'.repeat(1_100_000));
      const { stdout } = await map({ dir: folder, json: true });
      const json = JSON.parse(stdout);
      expect(json.skipped).toEqual({ binary: 1, 'too-large': 1 });
      expect(json.skippedFiles).toEqual([
        { path: 'dump.txt', reason: 'too-large' },
        { path: 'logo.ts', reason: 'binary' },
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('escapes the names its warnings print (trial 26: a folder name sent escape codes)', async () => {
    const docs = await mkdtemp(path.join(os.tmpdir(), 'sightline-map-escapes-'));
    try {
      await writeFile(path.join(docs, 'RE\u001b[31mAD.md'), '# Notes\n');
      const { stderr } = await map({ dir: docs });
      expect(stderr).toContain('none of them code: RE\\u001b[31mAD.md)');
      expect(stderr).not.toContain('\u001b');
    } finally {
      await rm(docs, { recursive: true, force: true });
    }
  });

  it('says on stderr when nothing was indexed', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'sightline-map-empty-'));
    try {
      await writeFile(path.join(empty, 'notes.bin'), Buffer.from([0, 1, 2, 0, 255]));
      const { code, stdout, stderr } = await map({ dir: empty });
      expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
      expect(stderr).toMatch(
        /^sightline: warning: nothing was indexed in \S+ \(0 files indexed, 1 file skipped as binary, generated, vendored, too large, secret or unreadable\); the map is empty\. Run it on a folder that holds source code in a supported language\.\n$/,
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('warns about --focus values that match no file and no identifier', async () => {
    const { stdout, stderr } = await map({
      dir: root,
      focus: ['formatMoney', 'src', 'money', 'logEvent', 'nope.ts:3', 'noSuchName'],
    });
    expect(stdout).toContain('formatMoney');
    expect(stderr).toMatch(
      /^sightline map: warning: --focus "nope\.ts:3", "noSuchName" match no indexed file and no identifier in \S+; the map ignores them\.\n$/,
    );
  });

  it('warns about a --focus frame whose line is outside its file', async () => {
    // Found by a fresh-user trial: lib/parse.js:99999 of a 1,087-line file said nothing.
    const { stdout, stderr } = await map({
      dir: root,
      focus: ['src/checkout.ts:99999', 'src/checkout.ts:0', 'src/checkout.ts:5'],
    });
    expect(stdout).toContain('src/checkout.ts');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^sightline map: warning: --focus "src\/checkout\.ts:99999" names a line outside the file \(\d+ lines?\); the map focuses on the file, not a line\.$/,
    );
    expect(lines[1]).toContain('"src/checkout.ts:0"');
  });

  it('rejects a bad budget', async () => {
    await expect(map({ dir: root, tokens: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('indexedSummary', () => {
  it('pluralises and counts the skipped files by reason, those skipped at listing too (trial 41)', () => {
    expect(indexedSummary(1, [], '0.1')).toBe('Indexed 1 file in 0.1 s');
    expect(indexedSummary(0, [], '0.0')).toBe('Indexed 0 files in 0.0 s');
    const skipped = ['binary', 'too-large', 'too-large', 'file-cap'].map((reason, at) => ({
      path: `f${at}`,
      reason,
    }));
    expect(indexedSummary(15, skipped, '0.3')).toBe(
      'Indexed 15 of 19 files in 0.3 s (skipped: 2 too large, 1 binary, 1 over the file cap)',
    );
  });
});

describe('sightline map', () => {
  async function run(...args: string[]) {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const program = new Command().exitOverride();
    registerMap(program);
    let thrown: unknown;
    await program.parseAsync(['map', ...args], { from: 'user' }).catch((error) => {
      thrown = error;
    });
    return {
      exitCode: process.exitCode,
      thrown,
      stdout: stdout.mock.calls.map(([chunk]) => String(chunk)).join(''),
      stderr: stderr.mock.calls.map(([chunk]) => String(chunk)).join(''),
    };
  }

  it('maps a directory with repeated --focus values', async () => {
    const { exitCode, stdout, stderr } = await run(
      '--repo',
      root,
      '--map-tokens',
      '60',
      '--focus',
      'formatMoney',
      '--focus',
      'src/log.ts',
      '--json',
    );
    expect(exitCode).toBe(EXIT_OK);
    const parsed = JSON.parse(stdout);
    expect(
      parsed.files
        .map((file: { path: string }) => file.path)
        .slice(0, 2)
        .sort(),
    ).toEqual(['src/log.ts', 'src/money.ts']);
    expect(parsed.tokens).toBeLessThanOrEqual(60);
    expect(stderr).not.toContain('deprecated');
  });

  it('still takes the folder as an argument and --tokens, with a deprecation note', async () => {
    const { exitCode, stdout, stderr } = await run(root, '--tokens', '60', '-q');
    expect(exitCode).toBe(EXIT_OK);
    expect(stdout).toContain('src/money.ts');
    expect(stderr).toBe(
      'sightline map: the folder argument is deprecated; use --repo instead.\nsightline map: --tokens is deprecated; use --map-tokens instead.\n',
    );
  });

  it.each([
    [
      ['--repo', '.', '.'],
      '--repo and the folder argument both give the same setting. Give --repo only.',
    ],
    [
      ['--json', '--format', 'text'],
      '--json and --format text contradict each other. Give one of them.',
    ],
    [
      ['--map-tokens', '9', '--tokens', '9'],
      '--map-tokens and --tokens both give the same setting. Give --map-tokens only.',
    ],
  ])('refuses conflicting flags %j with exit 2', async (args, message) => {
    const { exitCode, stderr } = await run(...args);
    expect(exitCode).toBe(EXIT_USAGE);
    expect(stderr).toBe(`sightline: ${message}\n`);
  });

  it.each([
    ['src/checkout.ts:-1', 'line -1'],
    ['src/checkout.ts:1234567890123456789012', 'line 1234567890123456789012'],
    ['src/checkout.ts:4:-2', 'column -2'],
  ])('refuses --focus %s with exit 2, echoing it as typed', async (focus, what) => {
    // Found by a fresh-user trial: FILE:-1 said "matches no file", 22 digits echoed as 1e+22.
    const { exitCode, stdout, stderr } = await run('--repo', root, '-q', '--focus', focus);
    expect(exitCode).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `sightline: --focus "${focus}" has ${what}: write FILE:LINE or FILE:LINE:COLUMN with whole numbers from 0 to 9007199254740991 (a file's first line is 1; the map warns of a line outside the file).\n`,
    );
  });

  it.each(['', '  '])('refuses a blank --focus %j, which focuses on nothing', async (focus) => {
    // Found by fresh-user trial 40: `--focus ""` printed the unfocused map without a word.
    const { thrown } = await run('--repo', root, '-q', '--focus', 'src/log.ts', '--focus', focus);
    expect(thrown).toMatchObject({
      code: 'commander.invalidArgument',
      message: expect.stringContaining(
        'expected an identifier, a file or FILE:LINE, not an empty value.',
      ),
    });
  });

  it('takes a --focus FILE:LINE:COLUMN as the frame FILE:LINE', async () => {
    const { exitCode, stderr } = await run('--repo', root, '-q', '--focus', 'src/checkout.ts:5:12');
    expect(exitCode).toBe(EXIT_OK);
    expect(stderr).toBe('');
  });

  it('writes to --out and reads no cache with --no-cache', async () => {
    const out = path.join(root, '..', `map-${process.pid}.txt`);
    const { exitCode, stdout } = await run('--repo', root, '--out', out, '--no-cache', '-q');
    expect(exitCode).toBe(EXIT_OK);
    expect(stdout).toBe('');
    expect(await readFile(out, 'utf8')).toContain('src/money.ts');
  });

  it('exits 2 with a clear message for a missing directory', async () => {
    const { exitCode, stdout, stderr } = await run('--repo', path.join(root, 'nope'));
    expect(exitCode).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    expect(stderr).toContain('does not exist');
  });

  it('rejects a budget that is not a positive number', async () => {
    const { thrown } = await run('--repo', root, '--map-tokens', 'many');
    expect(thrown).toMatchObject({ code: 'commander.invalidArgument' });
  });

  it('documents an example in --help', async () => {
    const { thrown, stdout } = await run('--help');
    expect(thrown).toMatchObject({ exitCode: 0 });
    expect(stdout).toContain('sightline map --repo . --map-tokens 2048');
    expect(stdout).not.toContain('--tokens');
  });
});
