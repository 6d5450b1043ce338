import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXIT_OK, EXIT_USAGE } from '../run/exit-codes.js';
import { registerTool, runTool, type ToolRequest } from './tool.js';

let repo: FakeRepository;

beforeAll(async () => {
  repo = await createFakeRepository();
});

afterAll(() => repo.cleanup());

afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

const size = (file: string) => Buffer.byteLength(repo.files[file] ?? '');

async function run(request: ToolRequest, json = false) {
  let stdout = '';
  let stderr = '';
  const code = await runTool(
    request,
    { repo: repo.root, json },
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  );
  return { code, stdout, stderr };
}

describe('runTool', () => {
  it('prints the text of each tool', async () => {
    expect(
      await run({ tool: 'grep', pattern: 'cartTotal\\(', glob: '*.ts', caseSensitive: true }),
    ).toEqual({
      code: EXIT_OK,
      stdout: [
        '2 matches in 2 files for /cartTotal\\(/ in the repository (glob *.ts):',
        'src/cart/total.ts',
        '  4│ export function cartTotal(items: LineItem[]): number {',
        'src/checkout.ts',
        '  6│   const total = cartTotal(items);',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(
      (await run({ tool: 'read_file', path: 'src/format.ts', startLine: 2, endLine: 2 })).stdout,
    ).toBe(
      'src/format.ts (lines 2-2 of 4)\n   2│ export function formatEuro(amount: number): string {\n[Showing lines 2-2 of 4. To read on, call read_file with startLine=3.]\n',
    );
    expect((await run({ tool: 'list_dir', path: 'src', depth: 1 })).stdout).toBe(
      [
        'src/ — depth 1: 1 folder, 2 files',
        'cart/ …',
        `checkout.ts  ${size('src/checkout.ts')} B, 8 lines`,
        `format.ts  ${size('src/format.ts')} B, 4 lines`,
        '[Folders marked … were not expanded; list them with list_dir and their path.]',
        '',
      ].join('\n'),
    );
    expect(
      (await run({ tool: 'find_symbol', name: 'cartTotal', kind: 'function' })).stdout,
    ).toMatch(
      /^1 definition of "cartTotal" of kind function:\nsrc\/cart\/total\.ts:4-10 {2}function cartTotal\n/,
    );
  });

  it('prints a tool error on stderr and exits 2', async () => {
    expect(await run({ tool: 'read_file', path: '../secret' })).toEqual({
      code: EXIT_USAGE,
      stdout: '',
      stderr:
        'sightline: PATH_OUTSIDE_ROOT: Path "../secret" climbs out of the repository root through "..". Use a path relative to the repository root that stays inside it.\n',
    });
  });

  it('prints the raw result with --json, and a failure as one JSON error line', async () => {
    const ok = await run({ tool: 'read_file', path: 'README.md' }, true);
    expect(JSON.parse(ok.stdout)).toMatchObject({
      path: 'README.md',
      lines: [1, 3],
      totalLines: 3,
    });
    const failed = await run({ tool: 'grep', pattern: 'a(' }, true);
    expect(failed.code).toBe(EXIT_USAGE);
    // One line, with the exit code, as every command's --json failure (trial 41).
    expect(failed.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(failed.stdout)).toMatchObject({
      error: { code: 'INVALID_REGEX', exitCode: EXIT_USAGE },
    });
    expect(failed.stderr).toMatch(/^sightline: INVALID_REGEX: /);
  });
});

describe('sightline tool', () => {
  async function parse(args: string[]) {
    const program = new Command().exitOverride();
    registerTool(program);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await program.parseAsync(['node', 'sightline', 'tool', ...args]);
    const result = {
      exitCode: process.exitCode,
      stdout: stdout.mock.calls.map(([text]) => String(text)).join(''),
      stderr: stderr.mock.calls.map(([text]) => String(text)).join(''),
    };
    vi.restoreAllMocks();
    return result;
  }

  it('asks for the tool by name, listing them, when none or an unknown one is given (exit 2)', async () => {
    // Fresh-user trial 39: `sightline tool --repo .` said "Unknown option --repo".
    const none = await parse(['--repo', repo.root]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toBe(
      'sightline: Name the tool to run first: sightline tool grep|read_file|list_dir|find_symbol --repo DIR … (sightline tool --help lists them with examples).\n',
    );
    const unknown = await parse(['grp', '--repo', repo.root, 'total']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(
      /^sightline: There is no tool "grp"\. Name the tool to run first/,
    );
    process.exitCode = 0;
  });

  it('refuses words a tool has no place for, rather than dropping them (trial 42)', async () => {
    // The command line turns Commander's error into its message and exit 2 (main.ts).
    await expect(parse(['grep', '--repo', repo.root, 'DATABASE_URL', '='])).rejects.toMatchObject({
      code: 'commander.excessArguments',
      message: expect.stringContaining("too many arguments for 'grep'"),
    });
    await expect(parse(['read_file', '--repo', repo.root, 'a.js', 'b.js'])).rejects.toMatchObject({
      code: 'commander.excessArguments',
    });
    vi.restoreAllMocks();
  });

  it('accepts both spellings and passes the flags on', async () => {
    const readArgs = ['--repo', repo.root, 'src/format.ts', '--start', '2', '--end', '3'];
    const snake = await parse(['read_file', ...readArgs]);
    const kebab = await parse(['read-file', ...readArgs]);
    expect(snake).toEqual(kebab);
    expect(snake.stdout).toMatch(/^src\/format\.ts \(lines 2-3 of 4\)/);
    const grep = await parse([
      'grep',
      '--repo',
      repo.root,
      'total',
      '--path',
      'src/cart',
      '--max-results',
      '1',
    ]);
    expect(grep.stdout).toMatch(/^The first match in 1 file for \/total\/i in "src\/cart":/);
  });

  it.each([
    [
      ['list-dir', '--depth', 'two'],
      "option '--depth <n>' argument 'two' is invalid. expected a whole number ≥ 1 (levels).",
    ],
    [
      ['read_file', 'src/format.ts', '--start', 'abc'],
      "option '--start <n>' argument 'abc' is invalid. expected a whole number ≥ 1 (a 1-based line).",
    ],
    [
      ['read_file', 'src/format.ts', '--end', '2.5'],
      "option '--end <n>' argument '2.5' is invalid. expected a whole number ≥ 1 (a 1-based line).",
    ],
    [
      ['grep', 'x', '--max-results', '0'],
      "option '--max-results <n>' argument '0' is invalid. expected a whole number ≥ 1 (matches).",
    ],
  ])('rejects a bad number as a usage error naming the flag: %j', async (args, message) => {
    const program = new Command().exitOverride();
    registerTool(program);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const thrown = await program
      .parseAsync(['node', 'sightline', 'tool', ...args, '--repo', repo.root])
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ code: 'commander.invalidArgument', exitCode: 1 });
    const written = stderr.mock.calls.map(([text]) => String(text)).join('');
    expect(written).toBe(`error: ${message}\n`);
    expect(written).not.toMatch(/NaN|startLine|maxResults/);
  });

  it('shows examples and how the tool text names the flags in --help', async () => {
    for (const args of [
      ['--help'],
      ['grep', '--help'],
      ['read_file', '--help'],
      ['list_dir', '--help'],
      ['find_symbol', '--help'],
    ]) {
      const program = new Command().exitOverride();
      registerTool(program);
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      await program.parseAsync(['node', 'sightline', 'tool', ...args]).catch(() => undefined);
      const help = stdout.mock.calls.map(([text]) => String(text)).join('');
      vi.restoreAllMocks();
      expect(help).toMatch(/\nExamples:\n {2}\$ sightline tool /);
      expect(help).toContain('startLine/endLine are --start/--end');
    }
  });
});
