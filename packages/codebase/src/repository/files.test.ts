import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listRepositoryFiles,
  loadGitignore,
  unreadableFolders,
  withoutBuildOutput,
} from './files.js';

let root: string;

const FILES: Record<string, string> = {
  '.gitignore': '*.log\n/tmp/\n',
  'src/a.ts': 'export const a = 1;\n',
  'src/app.log': 'log\n',
  'src/gen/.gitignore': 'out.ts\n',
  'src/gen/out.ts': 'generated\n',
  'src/gen/keep.ts': 'kept\n',
  'tmp/scratch.ts': 'scratch\n',
  'node_modules/pkg/index.js': 'vendored\n',
  'dist/a.js': 'built\n',
  'big.ts': 'x'.repeat(2_000),
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sightline-files-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  await symlink(os.tmpdir(), path.join(root, 'link-out'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('loadGitignore', () => {
  it('applies each .gitignore relative to its own folder', async () => {
    const isIgnored = await loadGitignore(root);
    expect(
      ['src/app.log', 'tmp/', 'src/tmp/', 'src/gen/out.ts', 'out.ts', 'src/a.ts'].map((file) => [
        file,
        isIgnored(file),
      ]),
    ).toEqual([
      ['src/app.log', true],
      ['tmp/', true],
      ['src/tmp/', false],
      ['src/gen/out.ts', true],
      ['out.ts', false],
      ['src/a.ts', false],
    ]);
  });
});

describe('listRepositoryFiles', () => {
  it('honours .gitignore, skips vendored folders, build output, large files and symlinks', async () => {
    const { files, skipped } = await listRepositoryFiles(root, {
      maxFileBytes: 1_000,
      maxCodeFileBytes: 1_000,
    });
    expect(files.map((file) => [file.path, file.size])).toEqual([
      ['.gitignore', 12],
      ['src/a.ts', 20],
      ['src/gen/.gitignore', 7],
      ['src/gen/keep.ts', 5],
    ]);
    expect(skipped).toEqual([
      { path: 'big.ts', reason: 'too-large' },
      { path: 'dist/a.js', reason: 'generated' },
    ]);
  });

  it('keeps source files up to the larger code cap', async () => {
    const { files } = await listRepositoryFiles(root, { maxFileBytes: 1_000 });
    expect(files.map((file) => file.path)).toContain('big.ts');
  });

  it('lists only under a folder, and keeps build output when asked', async () => {
    expect(
      (await listRepositoryFiles(root, { under: 'src/gen/' })).files.map((file) => file.path),
    ).toEqual(['src/gen/.gitignore', 'src/gen/keep.ts']);
    const withBuild = await listRepositoryFiles(root, { includeBuildOutput: true });
    expect(withBuild.files.map((file) => file.path)).toContain('dist/a.js');
    expect(withBuild.buildOutput).toEqual(['dist/a.js']);
  });

  it('derives the listing without build output from one with it', async () => {
    const options = { maxFileBytes: 1_000 };
    const withBuild = await listRepositoryFiles(root, { ...options, includeBuildOutput: true });
    expect(withoutBuildOutput(withBuild)).toEqual(await listRepositoryFiles(root, options));
  });
});

describe('unreadableFolders', () => {
  it('names the folders the walk listed but could not open, not empty, ignored or vendored ones', async () => {
    // Fresh-user trial 24: a `chmod 000` folder was passed over in silence. CI runs as root, which
    // every folder lets in, so the refusal is the file system's answer given here.
    const refused = Object.assign(new Error('permission denied'), { code: 'EACCES' });
    const read = async (folder: string) => {
      if (/\/(locked|build|node_modules)$/.test(folder)) throw refused;
      if (folder.endsWith('/broken')) throw Object.assign(new Error('I/O'), { code: 'EIO' });
      return [];
    };
    const entries = [
      'build/',
      'empty/',
      'lib/',
      'lib/locked/',
      'lib/parse.ts',
      'node_modules/',
      'src/',
      'src/broken/',
      'src/index.ts',
    ];
    expect(
      await unreadableFolders('/repo', entries, (entry) => entry.startsWith('build'), read),
    ).toEqual(['lib/locked/']);
  });
});
