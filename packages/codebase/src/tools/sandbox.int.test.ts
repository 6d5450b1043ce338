/**
 * Hostile inputs against the four code tools: every one must be refused with a model-readable
 * error code or handled within the caps — never an exception, never a byte from outside the root
 * or from a secret file.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isToolError, type ToolError } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepositoryIndex } from '../repomap/types.js';
import { findSymbol } from './find-symbol.js';
import { grep } from './grep.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';
import type { CodeToolResult, CodeToolSuccess } from './tool-result.js';

let base: string;
let root: string;
let outside: string;

const HUGE_LINE_BYTES = 10_000_000;

const FILES: Record<string, string | Buffer> = {
  'src/a.ts': 'export const a = 1;\nexport const b = 2;\n',
  '.env': 'API_KEY=needle-env\n',
  '.env.local': 'TOKEN=needle-local\n',
  '.env.example': 'API_KEY=\n',
  'config/.env.production': 'DB_PASSWORD=needle-prod\n',
  'keys/server.pem': '-----BEGIN PRIVATE KEY-----\nneedle\n',
  'keys/private.key': 'needle-key\n',
  '.ssh/id_rsa': 'needle-rsa\n',
  'aws/credentials': '[default]\naws_secret_access_key=needle\n',
  '.npmrc': '//registry.npmjs.org/:_authToken=needle-npm\n',
  '.pypirc': '[pypi]\npassword = needle-pypi\n',
  'safe/.npmrc': 'save-exact=true\n',
  'binary.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02, 0x00]),
  'late-nul.txt': Buffer.concat([
    Buffer.alloc(20_000, 'a'),
    Buffer.from([0]),
    Buffer.from('tail\n'),
  ]),
  'invalid-utf8.txt': Buffer.concat([
    Buffer.from('ok line\nbad '),
    Buffer.from([0xff, 0xfe]),
    Buffer.from(' end\n'),
  ]),
  'huge-line.txt': `${'x'.repeat(HUGE_LINE_BYTES - 20)}needle${'y'.repeat(13)}\n`,
};

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'sightline-sandbox-'));
  root = path.join(base, 'repo');
  outside = path.join(base, 'outside');
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'secret.txt'), 'needle outside the root\n');
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  await symlink(outside, path.join(root, 'link-out'));
  await symlink(path.join(outside, 'secret.txt'), path.join(root, 'link-out-file'));
  await symlink('/etc/passwd', path.join(root, 'link-etc'));
  await symlink('src/a.ts', path.join(root, 'link-in'));
  await symlink('.env', path.join(root, 'link-to-env'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const EMPTY_INDEX = (): RepositoryIndex => ({ root, files: new Map(), skipped: [] });

function errorOf(result: CodeToolResult<CodeToolSuccess>): ToolError['error'] {
  if (!isToolError(result)) throw new Error(`expected an error, got: ${result.text.slice(0, 300)}`);
  return result.error;
}

function textOf(result: CodeToolResult<CodeToolSuccess>): string {
  if (isToolError(result))
    throw new Error(`expected a result, got ${result.error.code}: ${result.error.message}`);
  return result.text;
}

type Call = () => Promise<CodeToolResult<CodeToolSuccess>>;

const refused: [string, string, Call][] = [
  // traversal, absolute paths, symlinks out of the root
  ['read_file ../', 'PATH_OUTSIDE_ROOT', () => readFile(root, '../outside/secret.txt')],
  [
    'read_file src/../../',
    'PATH_OUTSIDE_ROOT',
    () => readFile(root, 'src/../../outside/secret.txt'),
  ],
  ['read_file a/../../x', 'PATH_OUTSIDE_ROOT', () => readFile(root, 'a/../../x')],
  ['read_file backslashes', 'PATH_OUTSIDE_ROOT', () => readFile(root, '..\\outside\\secret.txt')],
  [
    'read_file URL-encoded dots stay literal',
    'PATH_NOT_FOUND',
    () => readFile(root, '%2e%2e/outside/secret.txt'),
  ],
  [
    'read_file absolute outside',
    'PATH_OUTSIDE_ROOT',
    () => readFile(root, path.join(outside, 'secret.txt')),
  ],
  ['read_file /etc/passwd', 'PATH_OUTSIDE_ROOT', () => readFile(root, '/etc/passwd')],
  [
    'read_file through a folder symlink',
    'PATH_OUTSIDE_ROOT',
    () => readFile(root, 'link-out/secret.txt'),
  ],
  ['read_file a file symlink out', 'PATH_OUTSIDE_ROOT', () => readFile(root, 'link-out-file')],
  ['read_file an absolute symlink', 'PATH_OUTSIDE_ROOT', () => readFile(root, 'link-etc')],
  ['list_dir ..', 'PATH_OUTSIDE_ROOT', () => listDir(root, '..')],
  ['list_dir a folder symlink out', 'PATH_OUTSIDE_ROOT', () => listDir(root, 'link-out')],
  ['list_dir absolute /', 'PATH_OUTSIDE_ROOT', () => listDir(root, '/')],
  ['grep path ../', 'PATH_OUTSIDE_ROOT', () => grep(root, 'needle', { path: '../' })],
  [
    'grep path through a symlink',
    'PATH_OUTSIDE_ROOT',
    () => grep(root, 'needle', { path: 'link-out' }),
  ],
  // secrets of each kind
  ['read_file .env', 'SECRET_FILE', () => readFile(root, '.env')],
  ['read_file .env.local', 'SECRET_FILE', () => readFile(root, '.env.local')],
  [
    'read_file nested .env.production',
    'SECRET_FILE',
    () => readFile(root, 'config/.env.production'),
  ],
  ['read_file *.pem', 'SECRET_FILE', () => readFile(root, 'keys/server.pem')],
  ['read_file *.key', 'SECRET_FILE', () => readFile(root, 'keys/private.key')],
  ['read_file id_rsa', 'SECRET_FILE', () => readFile(root, '.ssh/id_rsa')],
  ['read_file credentials', 'SECRET_FILE', () => readFile(root, 'aws/credentials')],
  ['read_file .npmrc with a token', 'SECRET_FILE', () => readFile(root, '.npmrc')],
  ['read_file .pypirc with a password', 'SECRET_FILE', () => readFile(root, '.pypirc')],
  ['read_file a symlink to .env', 'SECRET_FILE', () => readFile(root, 'link-to-env')],
  ['grep path .env', 'SECRET_FILE', () => grep(root, 'needle', { path: '.env' })],
  // NUL bytes, folders as files, binary, missing
  ['read_file NUL in path', 'INVALID_ARGUMENT', () => readFile(root, 'src/a.ts\0.png')],
  [
    'read_file non-string path',
    'INVALID_ARGUMENT',
    () => readFile(root, null as unknown as string),
  ],
  ['grep NUL in pattern', 'INVALID_ARGUMENT', () => grep(root, 'a\0b')],
  ['read_file a folder', 'NOT_A_FILE', () => readFile(root, 'src')],
  ['read_file the root', 'NOT_A_FILE', () => readFile(root, '.')],
  ['list_dir a file', 'NOT_A_DIRECTORY', () => listDir(root, 'src/a.ts')],
  ['read_file binary', 'BINARY_FILE', () => readFile(root, 'binary.bin')],
  ['read_file NUL after the sniffed head', 'BINARY_FILE', () => readFile(root, 'late-nul.txt')],
  ['read_file missing', 'PATH_NOT_FOUND', () => readFile(root, 'src/missing.ts')],
  [
    'read_file over the size cap',
    'FILE_TOO_LARGE',
    () => readFile(root, 'huge-line.txt', { maxFileBytes: 1_000 }),
  ],
  // Trial 40: read_file's refusal advised grep, and grep answered "no matches" for the file.
  [
    'grep with path on a file over the size cap',
    'FILE_TOO_LARGE',
    () => grep(root, 'x', { path: 'huge-line.txt', maxFileBytes: 1_000 }),
  ],
  // line numbers
  [
    'read_file negative startLine',
    'INVALID_ARGUMENT',
    () => readFile(root, 'src/a.ts', { startLine: -1 }),
  ],
  [
    'read_file NaN startLine',
    'INVALID_ARGUMENT',
    () => readFile(root, 'src/a.ts', { startLine: Number.NaN }),
  ],
  [
    'read_file fractional endLine',
    'INVALID_ARGUMENT',
    () => readFile(root, 'src/a.ts', { endLine: 1.5 }),
  ],
  ['read_file startLine 0', 'INVALID_ARGUMENT', () => readFile(root, 'src/a.ts', { startLine: 0 })],
  [
    'read_file endLine before startLine',
    'INVALID_ARGUMENT',
    () => readFile(root, 'src/a.ts', { startLine: 2, endLine: 1 }),
  ],
  [
    'read_file Infinity endLine',
    'INVALID_ARGUMENT',
    () => readFile(root, 'src/a.ts', { endLine: Number.POSITIVE_INFINITY }),
  ],
  // regular expressions and other arguments
  ['grep empty pattern', 'INVALID_ARGUMENT', () => grep(root, '')],
  ['grep 2,000-character pattern', 'INVALID_ARGUMENT', () => grep(root, 'a'.repeat(2_000))],
  ['grep unclosed group', 'INVALID_REGEX', () => grep(root, 'foo(')],
  ['grep look-behind', 'INVALID_REGEX', () => grep(root, '(?<=a)b')],
  ['grep look-ahead', 'INVALID_REGEX', () => grep(root, 'a(?=b)')],
  ['grep backreference', 'INVALID_REGEX', () => grep(root, '(a)\\1')],
  ['grep reversed class range', 'INVALID_REGEX', () => grep(root, '[z-a]')],
  ['grep negative maxResults', 'INVALID_ARGUMENT', () => grep(root, 'a', { maxResults: -5 })],
  ['grep NaN maxResults', 'INVALID_ARGUMENT', () => grep(root, 'a', { maxResults: Number.NaN })],
  ['grep empty glob', 'INVALID_ARGUMENT', () => grep(root, 'a', { glob: '' })],
  ['grep unclosed glob', 'INVALID_ARGUMENT', () => grep(root, 'a', { glob: '{a' })],
  ['grep reversed glob range', 'INVALID_ARGUMENT', () => grep(root, 'a', { glob: '[z-a]' })],
  ['grep regex over the size limit', 'INVALID_REGEX', () => grep(root, '\\w{1000}{1000}')],
  ['list_dir depth 0', 'INVALID_ARGUMENT', () => listDir(root, '.', { depth: 0 })],
  ['list_dir NaN depth', 'INVALID_ARGUMENT', () => listDir(root, '.', { depth: Number.NaN })],
  ['find_symbol empty name', 'INVALID_ARGUMENT', () => findSymbol(EMPTY_INDEX(), '')],
  [
    'find_symbol unknown kind',
    'INVALID_ARGUMENT',
    () => findSymbol(EMPTY_INDEX(), 'a', { kind: 'banana' as 'class' }),
  ],
  ['grep a missing root', 'PATH_NOT_FOUND', () => grep(path.join(base, 'nope'), 'a')],
];

describe('code tools refuse hostile input', () => {
  it.each(refused)('%s → %s', async (_name, code, call) => {
    const error = errorOf(await call());
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(10);
    expect(error.message).not.toContain('needle');
  });

  it('says how many lines a file has when startLine is past the end', async () => {
    expect(errorOf(await readFile(root, 'src/a.ts', { startLine: 99 }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'startLine 99 is past the end: "src/a.ts" has 2 lines.',
    });
  });

  it("passes on ripgrep's own message for an invalid regex, without the PCRE2 hint", async () => {
    const { message } = errorOf(await grep(root, 'a(?=b)'));
    expect(message).toContain(
      'look-around, including look-ahead and look-behind, is not supported',
    );
    expect(message).not.toContain('--pcre2');
  });
});

describe('code tools handle hostile input within their caps', () => {
  it('never shows secrets or files outside the root in grep results', async () => {
    const text = textOf(await grep(root, 'needle', { maxResults: 500 }));
    expect(text).toContain('huge-line.txt');
    expect(text.split('\n').filter((line) => !line.startsWith(' '))).toEqual([
      '1 match in 1 file for /needle/i in the repository:',
      'huge-line.txt',
    ]);
  });

  it('searches secret files when the caller allows it', async () => {
    const result = await grep(root, 'needle', { allowSecrets: true, glob: '.env*' });
    expect(isToolError(result) ? [] : result.files.map((file) => file.path)).toEqual([
      '.env',
      '.env.local',
      'config/.env.production',
    ]);
  });

  it('cuts a 10 MB matching line around the match', async () => {
    const result = await grep(root, 'needle', { path: 'huge-line.txt' });
    if (isToolError(result)) throw new Error(result.error.message);
    const [match] = result.files[0]?.matches ?? [];
    expect(match?.line).toBe(1);
    expect(match?.text).toHaveLength(200);
    expect(match?.text).toMatch(/^…x+needley{13}$/);
  });

  it('stops ripgrep when it prints too much', async () => {
    const text = textOf(
      await grep(root, 'needle', { path: 'huge-line.txt', maxGrepOutputBytes: 1_000 }),
    );
    expect(text).toContain('[The search was stopped because ripgrep printed too much');
  });

  it('stops ripgrep at the timeout instead of hanging', async () => {
    const text = textOf(await grep(root, 'needle', { grepTimeoutMs: 0 }));
    expect(text).toContain('[The search was stopped after the time limit');
  });

  it.each([['(a+)+$'], ['(x*)*y'], ['(a|aa)*c'], ['.*.*.*=.*']])(
    'runs the catastrophic pattern %s in linear time',
    async (pattern) => {
      const started = performance.now();
      expect(isToolError(await grep(root, pattern))).toBe(false);
      expect(performance.now() - started).toBeLessThan(5_000);
    },
  );

  it('lowers a huge maxResults and says so', async () => {
    expect(textOf(await grep(root, 'export', { maxResults: 1e9 }))).toContain(
      '[maxResults was lowered to 500.]',
    );
  });

  it('cuts a 10 MB line in read_file with a note', async () => {
    const result = await readFile(root, 'huge-line.txt');
    if (isToolError(result)) throw new Error(result.error.message);
    const lines = result.text.split('\n');
    expect(lines[1]).toHaveLength('   1│ '.length + 2_000);
    expect(lines.at(-1)).toBe('[1 line longer than 2000 characters was cut with "…".]');
    expect(result.truncated).toBe(true);
  });

  it('decodes invalid UTF-8 with replacement characters and a note', async () => {
    expect(textOf(await readFile(root, 'invalid-utf8.txt'))).toBe(
      [
        'invalid-utf8.txt (lines 1-2 of 2)',
        '   1│ ok line',
        '   2│ bad \uFFFD\uFFFD end',
        '[The file is not valid UTF-8; undecodable bytes are shown as "\uFFFD".]',
      ].join('\n'),
    );
  });

  it('reads a symlink that stays inside, under its real path', async () => {
    expect(textOf(await readFile(root, 'link-in'))).toMatch(/^src\/a\.ts \(lines 1-2 of 2\)/);
  });

  it('reads .env.example and an .npmrc without tokens', async () => {
    expect(textOf(await readFile(root, '.env.example'))).toContain('API_KEY=');
    expect(textOf(await readFile(root, 'safe/.npmrc'))).toContain('save-exact=true');
  });

  it('marks symlinks and secrets in list_dir and never lists outside the root', async () => {
    const text = textOf(await listDir(root, '.', { depth: 3 }));
    expect(text).toContain('link-out -> (symlink out of the repository; not readable)');
    expect(text).toContain('link-etc -> (symlink out of the repository; not readable)');
    expect(text).toContain('link-in -> src/a.ts (symlink)');
    expect(text).toContain('.env  19 B, secret: read_file refuses it');
    expect(text).not.toContain('secret.txt');
    expect(text).not.toContain('outside');
  });

  it('keeps read_file within a tiny token budget', async () => {
    const result = await readFile(root, 'src/a.ts', { maxOutputTokens: 20 });
    if (isToolError(result)) throw new Error(result.error.message);
    expect(result.lines).toEqual([1, 1]);
    expect(result.text).toContain(
      '(to stay within the output budget). To read on, call read_file with startLine=2.]',
    );
  });
});
