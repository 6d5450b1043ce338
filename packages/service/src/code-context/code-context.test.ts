import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeContext } from './code-context.js';

describe('codeContext', () => {
  let repo: string;
  let outside: string;
  beforeAll(async () => {
    repo = await mkdtemp(path.join(os.tmpdir(), 'sightline-code-'));
    outside = await mkdtemp(path.join(os.tmpdir(), 'sightline-outside-'));
    await mkdir(path.join(repo, 'src'));
    const lines = Array.from({ length: 20 }, (_, i) => `const line${i + 1} = ${i + 1};`);
    // A live-looking key on line 12 (assembled so the test file itself holds no secret).
    lines[11] = `const key = "${['AKIA', 'Z7QW3E4R5T6Y7U8I'].join('')}";`;
    await writeFile(path.join(repo, 'src/app.js'), `${lines.join('\n')}\n`);
    await writeFile(path.join(repo, '.env'), 'TOKEN=abc\n');
    await writeFile(path.join(outside, 'x.js'), 'secret\n');
    await symlink(path.join(outside, 'x.js'), path.join(repo, 'src/link.js'));
  });
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('shows five lines on each side, with a secret line withheld', async () => {
    const context = await codeContext(repo, 'src/app.js', 10);
    expect(context).toMatchObject({ ok: true, path: 'src/app.js', line: 10, start: 5 });
    if (!context.ok) throw new Error('expected code');
    expect(context.lines).toHaveLength(11);
    expect(context.lines[0]).toBe('const line5 = 5;');
    expect(context.withheld).toEqual([12]);
    expect(context.lines[7]).toMatch(/^\[withheld: /);
    expect(context.lines.join('\n')).not.toContain('AKIA');
  });

  it('clamps to the file at its edges', async () => {
    const first = await codeContext(repo, 'src/app.js', 1);
    expect(first.ok && [first.start, first.lines.length]).toEqual([1, 6]);
    const past = await codeContext(repo, 'src/app.js', 99);
    expect(past.ok && [past.line, past.start]).toEqual([20, 15]);
  });

  it('refuses secret files, escapes and missing files with a reason', async () => {
    expect(await codeContext(repo, '.env', 1)).toMatchObject({ ok: false, code: 'SECRET_FILE' });
    // Trial 26: .git/objects was "not a file", a missing one "not found"; all are git's own.
    for (const under of ['.git/objects', '.git/no-such-file', 'src/../.git/config']) {
      expect(await codeContext(repo, under, 1), under).toEqual({
        ok: false,
        code: 'SECRET_FILE',
        reason: expect.stringContaining("Not shown: a file of git's own folder .git/"),
      });
    }
    expect(await codeContext(repo, 'src/link.js', 1)).toMatchObject({
      ok: false,
      code: 'PATH_OUTSIDE_ROOT',
    });
    expect(await codeContext(repo, '../x.js', 1)).toMatchObject({
      ok: false,
      code: 'PATH_OUTSIDE_ROOT',
    });
    const missing = await codeContext(repo, 'src/none.js', 1);
    expect(missing).toMatchObject({ ok: false, code: 'PATH_NOT_FOUND' });
    // Said to a triager, not advising an agent's tool (fresh-user trial 26).
    expect(missing.ok ? '' : missing.reason).toBe(
      '"src/none.js" is not in the project\'s repository as checked out: the report may name a file of another version, or one a build writes.',
    );
  });
});
