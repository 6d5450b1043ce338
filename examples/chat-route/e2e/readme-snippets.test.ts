/**
 * The READMEs show this example's code: every fenced block whose first line names a file of the
 * example (`// examples/chat-route/…`) must be that file's lines, in order, where `// …` lines
 * stand for left-out lines. A change to the example that the README does not follow fails here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READMES = ['README.md', 'packages/page-context/README.md'];
const NAMED = /^\/\/ (examples\/chat-route\/\S+)$/;

/** Excerpts of the example in a README: the file named and the block's other lines. */
function excerpts(markdown: string): { file: string; lines: string[] }[] {
  const found: { file: string; lines: string[] }[] = [];
  for (const block of markdown.matchAll(/```tsx?\n([\s\S]*?)```/g)) {
    const [first, ...lines] = (block[1] ?? '').split('\n');
    const file = NAMED.exec(first ?? '')?.[1];
    if (file) found.push({ file, lines: lines.filter((line) => line !== '') });
  }
  return found;
}

/** @returns the first excerpt line not found in order in `source`, or undefined. */
function missingLine(source: string, lines: string[]): string | undefined {
  const sourceLines = source.split('\n');
  let at = 0;
  for (const line of lines) {
    if (line.trim().startsWith('// …')) continue;
    const index = sourceLines.indexOf(line, at);
    if (index === -1) return line;
    at = index + 1;
  }
  return undefined;
}

describe('README snippets of the chat-route example', () => {
  for (const readme of READMES) {
    it(`${readme} shows the example's code as it is`, async () => {
      const found = excerpts(await readFile(path.join(REPO, readme), 'utf8'));
      expect(found.map(({ file }) => file)).toEqual(
        expect.arrayContaining([
          'examples/chat-route/src/chat.tsx',
          'examples/chat-route/server/chat-route.ts',
        ]),
      );
      for (const { file, lines } of found) {
        const source = await readFile(path.join(REPO, file), 'utf8');
        expect(missingLine(source, lines), `${readme}: a line not in ${file}`).toBeUndefined();
      }
    });
  }
});
