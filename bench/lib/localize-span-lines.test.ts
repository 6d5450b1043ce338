import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@sightline/codebase';
import { localize } from '@sightline/investigator';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevCase } from './localize-cases.js';
import { computeCaseSpans } from './localize-span-lines.js';

let fake: FakeRepository;
let cacheDir: string;

beforeAll(async () => {
  fake = await createFakeRepository();
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-span-lines-'));
});

afterAll(async () => {
  await fake.cleanup();
  await rm(cacheDir, { recursive: true, force: true });
});

/** The fake repository's report as a case whose fix changed `changed` of the bug's file. */
function fakeCase(changed: [number, number]): DevCase {
  return {
    id: 'fake-shop-checkout-total',
    kind: 'git',
    language: 'typescript',
    has_stack_trace: false,
    report: { title: fake.report.title ?? '', body: fake.report.body },
    gold: [{ file: fake.bug.path, changed: [changed] }],
  };
}

describe('computeCaseSpans', () => {
  it('gives the fixed file the lines localize shows in it, overlapping the fixed function', async () => {
    const spans = await computeCaseSpans(fakeCase(fake.bug.lines), fake.root, cacheDir);
    const index = await indexRepository(fake.root, { cacheDir });
    const shown = localize(fake.report, index).find((suspect) => suspect.path === fake.bug.path);
    expect(Object.keys(spans)).toEqual([fake.bug.path]);
    expect(spans[fake.bug.path]).toEqual({
      lines: shown?.lines,
      overlap: true,
      iou: expect.any(Number),
    });
  });

  it('says no overlap when the fix changed lines outside the range shown', async () => {
    const spans = await computeCaseSpans(fakeCase([1, 1]), fake.root, cacheDir);
    expect(spans[fake.bug.path]?.overlap).toBe(false);
  });
});
