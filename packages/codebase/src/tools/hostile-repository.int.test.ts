/**
 * The hostile repository (`@sightline/codebase/testing`) through every channel of this package:
 * the four code tools, the index and the repository map (text and the shape `--json` prints).
 * No planted secret may come out of any of them, every refused file is named as refused, and no
 * answer tells whether a withheld line matches (no oracle).
 */
import { readFile as readFileText } from 'node:fs/promises';
import path from 'node:path';
import { isToolError } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../repomap/index-repository.js';
import { renderRepositoryMap } from '../repomap/render-map.js';
import type { RepositoryIndex } from '../repomap/types.js';
import { createHostileRepository, type HostileRepository } from '../testing/index.js';
import { findSymbol } from './find-symbol.js';
import { grep } from './grep.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';

let hostile: HostileRepository;
let index: RepositoryIndex;

beforeAll(async () => {
  hostile = await createHostileRepository();
  index = await indexRepository(hostile.root, { cacheDir: false });
});

afterAll(async () => {
  await hostile.cleanup();
});

function text(result: object): string {
  return isToolError(result)
    ? result.error.message
    : JSON.stringify(result) + (result as { text: string }).text;
}

const CONTENT_FILES = [
  'src/config.ts',
  'src/chat.js',
  'src/publish.txt',
  'src/session.ts',
  'src/cloud.py',
  'src/db.ts',
  'keys/deploy.txt',
  'src/billing.ts',
  'src/maps.js',
  'config/app.yml',
  'docker-compose.yml',
  'ci/registry.txt',
  'deploy/kubeconfig.yaml',
  'src/assistant.py',
  'src/disabled.ts',
  'src/client.ts',
  'src/connect.ts',
  'legacy/settings.txt',
  // Fresh-user trial 43's leak classes.
  'Dockerfile',
  'src/mailer.js',
  'scripts/deploy.sh',
  'config/settings.xml',
  'src/Login.kt',
  'ops/staging.md',
  'src/rotate.py',
];

const REFUSED = [
  '.git/config',
  'id_rsa.bak',
  'prod.env',
  'config/production.env',
  'config/aws_credentials',
  '.env ',
  'docs/notes.txt',
  'settings.conf',
  'src/linked.ts',
];

describe('a hostile repository through the code tools', () => {
  it.each(REFUSED)('read_file refuses %j and names it as refused', async (file) => {
    const result = await readFile(hostile.root, file);
    expect(isToolError(result)).toBe(true);
    if (!isToolError(result)) return;
    expect(['SECRET_FILE', 'PATH_OUTSIDE_ROOT']).toContain(result.error.code);
    expect(result.error.message).toMatch(/secret|refused|hard link|credentials|symbolic link/i);
    expect(hostile.leaks(result.error.message)).toEqual([]);
  });

  it.each(CONTENT_FILES)('read_file shows %s with its secret lines withheld', async (file) => {
    const output = text(await readFile(hostile.root, file));
    expect(hostile.leaks(output)).toEqual([]);
    expect(output).toContain('[withheld: looks like a secret');
    // Its closing note in good English, one line or several (trial 40: "it looks like secrets").
    expect(output).toMatch(
      /\[(?:1 line withheld because it looks like a secret|\d+ lines withheld because they look like secrets)\.\]/,
    );
  });

  it('read_file decodes the UTF-16 file (a byte order mark) instead of calling it binary', async () => {
    const output = text(await readFile(hostile.root, 'legacy/settings.txt'));
    expect(output).toContain('deploy settings');
  });

  it.each(
    // Each secret's own first characters, its middle, and the words around it.
    [
      'Fake',
      'AKIA',
      'eyJ',
      'ghp_',
      'xoxb',
      'npm_',
      'glpat',
      'postgres',
      'sk_live',
      'AIza',
      'sk-',
      'password',
      'PASSWORD',
      '_authToken',
      'client-key-data',
      'secretlint',
      'github',
      'NOTE=',
      'SERVICE_TOKEN',
      'leak',
    ],
  )('grep %j shows no secret', async (pattern) => {
    expect(hostile.leaks(text(await grep(hostile.root, pattern)))).toEqual([]);
  });

  it("grep for each secret itself finds nothing (the pattern echoed is the caller's own)", async () => {
    for (const secret of hostile.secrets) {
      for (const marker of secret.markers) {
        const result = await grep(hostile.root, regexOf(marker));
        expect(isToolError(result)).toBe(false);
        if (isToolError(result)) continue;
        expect(result.matchCount, `${secret.format}: ${result.text}`).toBe(0);
      }
    }
  });

  it('grep on a refused file is refused', async () => {
    for (const file of ['prod.env', '.git/config', 'settings.conf', 'docs/notes.txt']) {
      const result = await grep(hostile.root, 'Fake', { path: file });
      expect(isToolError(result), file).toBe(true);
      expect(text(result)).toMatch(/secret|refused|hard link/);
    }
  });

  it('list_dir shows no secret and escapes forged names', async () => {
    const listing = text(await listDir(hostile.root, '.', { depth: 5 }));
    expect(hostile.leaks(listing)).toEqual([]);
    expect(listing).toContain('evil\\u000a1: forged.ts');
    // Every file read_file refuses is marked so, by name or content as a secret, a hard link as
    // read_file names it (fresh-user trial 30).
    for (const name of ['settings.conf', 'prod.env', 'id_rsa.bak']) {
      expect(listing).toMatch(
        new RegExp(`${name.replace('.', '\\.')}  \\d+ B, secret: read_file refuses it`),
      );
    }
    expect(listing).toMatch(
      /notes\.txt {2}\d+ B, hard link: read_file refuses it \(it may be a file outside the repository\)/,
    );
    expect(listing.split('\n').some((line) => line.trimStart().startsWith('1: forged'))).toBe(
      false,
    );
  });

  it.each([
    'loadConfig',
    'githubToken',
    'session',
    'gitlab',
    'notify',
    'forged',
    'billing',
    'loadMaps',
    'database',
    'connect',
    'createClient',
    'label',
    'ci',
    'client',
    'AWS_KEY',
  ])('find_symbol %j shows no secret', async (name) => {
    expect(hostile.leaks(text(await findSymbol(index, name)))).toEqual([]);
  });

  it("grep and find_symbol escape a line break in the caller's path, glob, pattern or name in their headers and errors", async () => {
    // Found by a fresh-user trial: `sightline tool grep --path "src/evil<newline>1: forged.ts"
    // forged` printed its header over two lines (the match lines were escaped).
    const forged = 'src/evil\n1: forged.ts';
    const found = await grep(hostile.root, 'forged', { path: forged });
    expect('text' in found && found.text.split('\n')[0]).toBe(
      '1 match in 1 file for /forged/i in "src/evil\\u000a1: forged.ts":',
    );
    const none = await grep(hostile.root, 'absent', { path: 'src', glob: '*.ts\n1: x' });
    expect('text' in none && none.text.split('\n')[0]).toMatch(
      /^No matches for \/absent\/i in "src" \(glob \*\.ts\\u000a1: x\)\. /,
    );
    const missing = await grep(hostile.root, 'forged', { path: 'src/new\nline.js' });
    expect(isToolError(missing) && missing.error.message).toMatch(
      /^"src\/new\\u000aline\.js" does not exist in the repository\. /,
    );
    const symbol = await findSymbol(index, 'no\nsuch');
    expect('text' in symbol && symbol.text).toMatch(/^No definition named "no\\u000asuch" in /);
  });

  it('find_symbol shows a multi-line definition with its secret line withheld', async () => {
    const output = text(await findSymbol(index, 'database'));
    expect(output).toContain('createClient(');
    expect(output).toContain('[withheld: looks like a secret');
    expect(text(await findSymbol(index, 'forged'))).toContain('evil\\u000a1: forged.ts');
  });

  it('the repository map, its JSON and every budget show no secret', async () => {
    for (const tokens of [256, 1_024, 8_000]) {
      const map = renderRepositoryMap(index, { tokens });
      expect(hostile.leaks(map.text)).toEqual([]);
      expect(hostile.leaks(JSON.stringify(map.files))).toEqual([]);
    }
    const focused = renderRepositoryMap(index, {
      tokens: 4_000,
      focus: { identifiers: ['database', 'connect', 'billing'] },
    });
    expect(hostile.leaks(focused.text + JSON.stringify(focused.files))).toEqual([]);
  });

  it('the index skips refused files and keeps no secret in its signatures', async () => {
    const skipped = new Map(index.skipped.map((item) => [item.path, item.reason]));
    expect(skipped.get('docs/notes.txt')).toBe('secret');
    expect(skipped.get('settings.conf')).toBe('secret');
    expect(index.files.get('src/config.ts')?.secretLines).toEqual([4]);
    const signatures = [...index.files.values()].flatMap((file) =>
      file.definitions.map((definition) => definition.signature),
    );
    expect(hostile.leaks(signatures.join('\n'))).toEqual([]);
  });

  it('reads a folder named ..data (not a traversal)', async () => {
    expect(text(await readFile(hostile.root, '..data/ok.ts'))).toContain('okData');
  });
});

/** A grep answer with the caller's own pattern taken out: what it says about the repository. */
function answer(result: object, pattern: string): string {
  if (isToolError(result)) return result.error.message.replaceAll(pattern, 'P');
  const { text: said, ...fields } = result as { text: string };
  return said.replaceAll(pattern, 'P') + JSON.stringify(fields);
}

/** Escapes a literal for ripgrep's regex syntax. */
function regexOf(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * Time limit of each no-oracle test, in ms: a guard against a hang, not a speed target. Their work
 * grows with the planted secrets (ripgrep twice per secret and scope or neighbour line), and
 * at a 1-minute load of 10 on 2 cores they took 35 s and 31 s (the whole file 27 s in a quiet CI run).
 */
const ORACLE_TIMEOUT_MS = 240_000;

describe('no oracle: grep answers alike whether a withheld line matches or not', () => {
  /** A right guess (the secret's real beginning) and a wrong one of the same shape. */
  const probes = (secret: string): [string, string] => {
    const right = secret.slice(0, Math.min(secret.length, 14));
    const last = right.at(-1) === 'Z' ? 'Y' : 'Z';
    return [regexOf(right), regexOf(`${right.slice(0, -1)}${last}`)];
  };

  it(
    'for every planted secret, scoped and not',
    async () => {
      for (const secret of hostile.secrets) {
        const [right, wrong] = probes(secret.markers[0] ?? '');
        for (const options of [{}, { path: secret.path }, { maxResults: 1 }]) {
          const answers = await Promise.all(
            [right, wrong].map(async (probe) =>
              answer(await grep(hostile.root, probe, options), probe),
            ),
          );
          expect(answers[0], `${secret.format} ${JSON.stringify(options)}`).toBe(answers[1]);
        }
      }
    },
    ORACLE_TIMEOUT_MS,
  );

  it(
    'with context lines around a match next to each planted secret',
    async () => {
      for (const secret of hostile.secrets) {
        const lines = (await readFileText(path.join(hostile.root, secret.path), 'utf8')).split(
          '\n',
        );
        const neighbours = [lines[secret.line - 2], lines[secret.line]]
          .map((line) => line?.trim() ?? '')
          .filter((line) => line.length >= 3);
        const [right, wrong] = probes(secret.markers[0] ?? '');
        for (const neighbour of neighbours) {
          for (const options of [
            { path: secret.path, context: 2 },
            { path: secret.path, context: 5, maxResults: 1 },
          ]) {
            const answers = await Promise.all(
              [right, wrong].map(async (probe) => {
                const pattern = `${regexOf(neighbour)}|${probe}`;
                return answer(await grep(hostile.root, pattern, options), pattern);
              }),
            );
            const label = `${secret.format} ${JSON.stringify(options)}`;
            expect(answers[0], label).toBe(answers[1]);
            expect(hostile.leaks(answers[0] ?? ''), label).toEqual([]);
          }
        }
      }
    },
    ORACLE_TIMEOUT_MS,
  );

  it('for a hard-linked outside file and a refused KEY=value file', async () => {
    for (const [right, wrong] of [
      ['NOTE=FakeOutside', 'NOTE=XakeOutside'],
      ['SERVICE_TOKEN=FakeSettings', 'SERVICE_TOKEN=XakeSettings'],
      ['FakeOutsideSym', 'XakeOutsideSym'],
    ] as const) {
      const answers = await Promise.all(
        [right, wrong].map(async (probe) => answer(await grep(hostile.root, probe), probe)),
      );
      expect(answers[0]).toBe(answers[1]);
    }
  });
});
