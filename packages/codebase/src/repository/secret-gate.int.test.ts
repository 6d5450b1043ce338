/**
 * The secret gate on its own: decoding as ripgrep does, withheld lines replaced in place (line
 * endings and numbers kept), and the files it refuses whole.
 */
import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withheldLine } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeText, gateFile, gateText, gateTexts } from './secret-gate.js';

const TOKEN = ['gh', 'p_', 'FakeGateToken', '0'.repeat(23)].join('');
let root: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'sightline-gate-')));
  await mkdir(path.join(root, 'src'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('decodeText', () => {
  it('reads UTF-16 with a byte order mark, either endianness, and drops a UTF-8 one', () => {
    const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\n', 'utf16le')]);
    const big = Buffer.from(little.subarray(2)).swap16();
    expect(decodeText(little)).toEqual({ text: 'héllo\n', encoding: 'utf-16le', valid: true });
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), big])).text).toBe('héllo\n');
    expect(decodeText(Buffer.from('\ufeffplain', 'utf8')).text).toBe('plain');
    expect(decodeText(Buffer.from([0x61, 0xff, 0x62]))).toEqual({
      text: 'a\ufffdb',
      encoding: 'utf-8',
      valid: false,
    });
  });
});

describe('gateText', () => {
  it('replaces each withheld line by its note and keeps every other byte', async () => {
    const gated = await gateText(`a\r\nconst t = '${TOKEN}';\r\nb\n`);
    expect(gated.ok).toBe(true);
    if (!gated.ok) return;
    const note = withheldLine('secretlint rule github');
    expect(gated.text).toBe(`a\r\n${note}\r\nb\n`);
    expect(gated.lines).toEqual(['a', note, 'b']);
    expect([...gated.withheld.keys()]).toEqual([2]);
  });
});

describe('gateTexts', () => {
  it('withholds the lines of each text in one scan, a key block in every line it spans, and keeps the rest as given', async () => {
    const key = [
      '-----BEGIN RSA PRIVATE KEY-----',
      'MIIEowIBAAKCAQEA1c7+9z5Pad7OejecsQ0bu3aumaGa6xrwN3Z3IgUaB4FBoqH6',
      '-----END RSA PRIVATE KEY-----',
    ].join('\r\n');
    const texts = ['title', `a\r\n${key}\r\nb\n`, '', `token ${TOKEN}`, 'last'];
    const note = withheldLine('a private key block');
    expect(await gateTexts(texts)).toEqual({
      texts: [
        'title',
        `a\r\n${note}\r\n${note}\r\n${note}\r\nb\n`,
        '',
        withheldLine('secretlint rule github'),
        'last',
      ],
      withheld: true,
    });
    expect(await gateTexts(['a', 'b\r\nc'])).toEqual({ texts: ['a', 'b\r\nc'], withheld: false });
  });

  it('withholds every text when together they are a KEY=value file with a secret', async () => {
    expect(await gateTexts(['NAME=x', 'API_TOKEN=FakeValue1', ''])).toEqual({
      texts: Array(2).fill(withheldLine('a KEY=value file that sets API_TOKEN')).concat(''),
      withheld: true,
    });
  });
});

describe('gateFile', () => {
  it('reads a UTF-16 file and withholds its secret line', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`first\ntoken = ${TOKEN}\n`, 'utf16le'),
    ]);
    await writeFile(path.join(root, 'src/legacy.txt'), bytes);
    const gated = await gateFile(path.join(root, 'src/legacy.txt'), 'src/legacy.txt');
    expect(gated.ok && gated.lines[0]).toBe('first');
    expect(gated.ok && [...gated.withheld.keys()]).toEqual([2]);
    expect(JSON.stringify(gated)).not.toContain(TOKEN);
  });

  it('refuses hard links, binary files, secret names and KEY=value files, naming why', async () => {
    await writeFile(path.join(root, 'outside.txt'), 'anything\n');
    await link(path.join(root, 'outside.txt'), path.join(root, 'src/linked.txt'));
    await writeFile(path.join(root, 'src/blob.bin'), Buffer.from([0x61, 0, 0x62]));
    await writeFile(path.join(root, 'src/app.conf'), 'NAME=x\nAPI_TOKEN=FakeValue1\n');
    const reasons = await Promise.all(
      ['src/linked.txt', 'src/blob.bin', '.env', 'src/app.conf', '.git/config', 'a/.ssh/id'].map(
        async (file) => {
          const gated = await gateFile(path.join(root, file), file);
          return gated.ok ? 'shown' : `${gated.code}: ${gated.reason}`;
        },
      ),
    );
    expect(reasons).toEqual([
      'SECRET_FILE: a hard link (it may be a file outside the repository)',
      'BINARY_FILE: a binary file (it contains NUL bytes)',
      'SECRET_FILE: a secret file by its name, .env',
      'SECRET_FILE: a KEY=value file that sets API_TOKEN',
      // Fresh-user trial 24: .git/config was "a secret file by its name".
      "SECRET_FILE: a file of git's own folder .git/, never read (it may hold credentials, as .git/config can; history is read through git, not these files)",
      'SECRET_FILE: a file under .ssh/, a folder of keys and credentials',
    ]);
  });

  it('refuses a file it cannot read as unreadable, with the system error, not as a secret', async () => {
    const gated = await gateFile(path.join(root, 'src/gone.ts'), 'src/gone.ts');
    expect(gated).toEqual({
      ok: false,
      code: 'FILE_UNREADABLE',
      reason: 'it no longer exists (ENOENT)',
    });
  });

  it('refuses a file longer than maxBytes as unreadable', async () => {
    await writeFile(path.join(root, 'src/long.ts'), 'x'.repeat(101));
    expect(
      await gateFile(path.join(root, 'src/long.ts'), 'src/long.ts', { maxBytes: 100 }),
    ).toEqual({
      ok: false,
      code: 'FILE_UNREADABLE',
      reason: '101 bytes, more than the 100 read of one file',
    });
  });

  it.skipIf(!existsSync('/proc/self/status'))(
    'reads no more than maxBytes of a file whose reported size is less than its content',
    async () => {
      // procfs reports 0 bytes; /proc/<pid>/pagemap streams gigabytes (trial 39).
      expect(await gateFile('/proc/self/status', 'status', { maxBytes: 10 })).toEqual({
        ok: false,
        code: 'FILE_UNREADABLE',
        reason:
          'longer than 10 bytes although its size was given as 0: a file that grows or streams (like those under /proc)',
      });
    },
  );

  it('lets everything through with allowSecrets', async () => {
    await writeFile(path.join(root, 'src/open.ts'), `const t = '${TOKEN}';\n`);
    const gated = await gateFile(path.join(root, 'src/open.ts'), 'src/open.ts', {
      allowSecrets: true,
    });
    expect(gated.ok && gated.text).toBe(`const t = '${TOKEN}';\n`);
  });
});
