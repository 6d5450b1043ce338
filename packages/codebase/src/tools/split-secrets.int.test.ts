/**
 * Secrets split across lines through every channel: read_file, grep (a pattern of any piece of
 * the secret matches nothing: no oracle), list_dir, find_symbol, the repository map, and a
 * report's texts. Fake values are put together from pieces so no file here matches a rule.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isToolError } from '@sightline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexRepository } from '../repomap/index-repository.js';
import { renderRepositoryMap } from '../repomap/render-map.js';
import { FAKE_KEYS, wrapped } from '../repository/__fixtures__/fake-private-keys.js';
import { gateTexts } from '../repository/secret-gate.js';
import { findSymbol } from './find-symbol.js';
import { grep } from './grep.js';
import { listDir } from './list-dir.js';
import { readFile } from './read-file.js';

const TOKEN = ['gh', 'p_', 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7j'].join('');
const KEY_LINES = wrapped(FAKE_KEYS.OpenSSH, 70);
/** Pieces of the secrets, each as written on one line. */
const PIECES = [TOKEN.slice(4, 24), TOKEN.slice(24), KEY_LINES[1] ?? '', KEY_LINES[5] ?? ''];

const FILES: Record<string, string> = {
  'src/client.ts': `export function githubToken(): string {\n  return "${TOKEN.slice(0, 24)}" +\n    "${TOKEN.slice(24)}";\n}\n\nexport function after(): number {\n  return 1;\n}\n`,
  'tools/deploy.py': `def deploy_key():\n    return (\n        "${TOKEN.slice(0, 24)}"\n        "${TOKEN.slice(24)}"\n    )\n`,
  'docs/key.md': `# Deploy key\n\n${KEY_LINES.join('\n')}\n\nUse it with care.\n`,
};
let root: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'sightline-split-')));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The pieces of a secret an output shows. */
function leaks(output: unknown): string[] {
  const shown = JSON.stringify(output);
  return PIECES.filter((piece) => shown.includes(piece));
}

describe('a secret split across lines', () => {
  it.each(Object.keys(FILES))(
    'read_file withholds its lines in %s, and only those',
    async (file) => {
      const result = await readFile(root, file);
      expect(leaks(result)).toEqual([]);
      expect(JSON.stringify(result)).toContain('split across lines');
    },
  );

  it('read_file shows the code after it', async () => {
    const result = await readFile(root, 'src/client.ts');
    expect(!isToolError(result) && result.text).toContain('export function after(): number {');
  });

  it.each(PIECES.map((piece) => piece.slice(0, 12)))('grep %j matches nothing', async (pattern) => {
    const result = await grep(root, pattern.replace(/[+/]/g, '.'));
    expect(!isToolError(result) && result.matchCount).toBe(0);
  });

  it('list_dir, find_symbol and the repository map show none of it', async () => {
    const index = await indexRepository(root, { cacheDir: false });
    const outputs = [
      await listDir(root, '.', { depth: 3 }),
      await findSymbol(index, 'githubToken'),
      await findSymbol(index, 'deploy_key'),
      renderRepositoryMap(index, { tokens: 4096 }),
    ];
    for (const output of outputs) expect(leaks(output)).toEqual([]);
  });

  it("a report's texts hold none of it, a token wrapped at 80 columns included", async () => {
    const wrappedToken = `${'x '.repeat(30)}${TOKEN.slice(0, 20)}\n${TOKEN.slice(20)} end`;
    const gated = await gateTexts(['Login fails', wrappedToken, KEY_LINES.join('\n')]);
    expect(gated.withheld).toBe(true);
    expect(gated.texts[0]).toBe('Login fails');
    expect(leaks(gated.texts)).toEqual([]);
  });
});
