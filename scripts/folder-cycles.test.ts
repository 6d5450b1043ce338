import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findFolderCycles } from './folder-cycles.js';

let src: string;

function write(files: Record<string, string>): void {
  src = path.join(mkdtempSync(path.join(tmpdir(), 'sightline-folders-')), 'src');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), content);
  }
}

afterEach(() => rmSync(path.dirname(src), { recursive: true, force: true }));

describe('findFolderCycles', () => {
  it('finds two folders that import each other, one import named per direction', () => {
    write({
      'repo/files.ts': "import { languageForPath } from '../repomap/languages.js';\n",
      'repo/sandbox.ts': 'export const x = 1;\n',
      'repomap/languages.ts': "export const languageForPath = () => 'ts';\n",
      'repomap/index-repository.ts':
        "import { x } from '../repo/sandbox.js';\nimport type { y } from '../repo/files.js';\n",
    });
    expect(findFolderCycles(src)).toEqual([
      [
        {
          from: 'repo/',
          to: 'repomap/',
          file: path.join('repo', 'files.ts'),
          specifier: '../repomap/languages.js',
        },
        {
          from: 'repomap/',
          to: 'repo/',
          file: path.join('repomap', 'index-repository.ts'),
          specifier: '../repo/sandbox.js',
        },
      ],
    ]);
  });

  it('finds a loop through three folders and through an entry file in src/', () => {
    write({
      'a/a.ts': "import '../b/b.js';\n",
      'b/b.ts': "export * from '../c/index.js';\n",
      'c/index.ts': "const later = () => import('../a/a.js');\n",
      'index.ts': "export * from './d/d.js';\n",
      'd/d.ts': "import { version } from '../index.js';\n",
    });
    const cycles = findFolderCycles(src).map((cycle) =>
      cycle.map((edge) => `${edge.from}>${edge.to}`),
    );
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['a/>b/', 'b/>c/', 'c/>a/']);
    expect(cycles).toContainEqual(['d/>./index', './index>d/']);
  });

  it('accepts imports that point one way, shared files in src/ and imports inside a folder', () => {
    write({
      'main.ts': "import './commands/run.js';\nimport './mcp/serve.js';\n",
      'progress.ts': 'export const progress = 1;\n',
      'commands/run.ts': "import '../progress.js';\nimport './options.js';\nimport 'node:path';\n",
      'commands/options.ts': "import '../focus/focus.js';\n",
      'mcp/serve.ts': "import '../progress.js';\nimport '../focus/focus.js';\n",
      'focus/focus.ts': "import { z } from 'zod';\n",
    });
    expect(findFolderCycles(src)).toEqual([]);
  });
});
