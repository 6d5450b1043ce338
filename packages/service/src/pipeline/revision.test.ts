import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commitAll } from '@sightline/codebase/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createRevisionReader, mayBeInGitCheckout, UNVERSIONED } from './revision.js';

const outside = mkdtempSync(path.join(tmpdir(), 'sightline-revision-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('the revision reader', () => {
  it('knows a folder outside any checkout without asking git', async () => {
    expect(mayBeInGitCheckout(outside)).toBe(false);
    expect(await createRevisionReader()(outside)).toBe(UNVERSIONED);
  });

  it('asks git inside a checkout, from any folder of it', async () => {
    const checkout = path.join(outside, 'checkout');
    mkdirSync(path.join(checkout, 'src'), { recursive: true });
    writeFileSync(path.join(checkout, 'src', 'index.js'), 'export {};\n');
    commitAll(checkout, 'initial');
    const inner = path.join(checkout, 'src');
    expect(mayBeInGitCheckout(inner)).toBe(true);
    expect(await createRevisionReader()(inner)).toMatch(/^[0-9a-f]{40}$/);
  });

  it('gives a folder the checkout ignores no revision of the checkout around it', async () => {
    const checkout = path.join(outside, 'with-cache');
    mkdirSync(path.join(checkout, 'cache', 'pkg'), { recursive: true });
    writeFileSync(path.join(checkout, '.gitignore'), 'cache/\n');
    writeFileSync(path.join(checkout, 'cache', 'pkg', 'index.js'), 'export {};\n');
    commitAll(checkout, 'initial');
    expect(await createRevisionReader()(path.join(checkout, 'cache', 'pkg'))).toBe(UNVERSIONED);
    expect(await createRevisionReader()(checkout)).toMatch(/^[0-9a-f]{40}$/);
  });
});
