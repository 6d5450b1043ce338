import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commitAll } from '@sightline/codebase/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { cartCrash, openHarness, type ServiceHarness } from './harness.test-helper.js';

describe.each(TEST_DATABASES)('pipeline on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await harness?.close();
  });

  it('parses, classifies, groups and investigates, once per source id', async () => {
    harness = await openHarness(kind);
    const { store, queue } = harness;
    const first = await harness.ingestText([
      { id: 'crash-1', text: cartCrash(6), receivedAt: '2026-03-01T10:00:00.000Z' },
      { id: 'crash-2', text: cartCrash(7), receivedAt: '2026-03-02T10:00:00.000Z' },
      { id: 'review-1', text: 'The app crashes every time I open my cart, please fix it' },
      { id: 'review-2', text: 'the app crashes every time I open the cart. please fix it!' },
      {
        id: 'feature-1',
        text: 'I would love a dark mode and an option to export my orders as CSV.',
      },
      { id: 'empty', text: '   ' },
    ]);
    const again = await harness.ingestText([{ id: 'crash-1', text: cartCrash(6) }]);
    expect([first.stored, again.stored, again.duplicates]).toEqual([6, 0, 1]);
    await queue.drain({ timeoutMs: 60_000 });

    const inbox = await store.inbox({});
    const crash = inbox.groups.find((group) => group.label === 'crash');
    expect(crash).toMatchObject({
      count: 2,
      firstSeen: '2026-03-01T10:00:00.000Z',
      lastSeen: '2026-03-02T10:00:00.000Z',
      latestDiagnosisVersion: 1,
      investigation: { state: 'done', detail: null, attempts: 1 },
    });
    const counts = inbox.groups.map((group) => group.count).sort();
    expect(counts).toEqual([1, 2, 2]);
    const [reportOfCrash] = await store.reports.listOfGroup(crash?.id ?? '');
    expect(reportOfCrash?.analysis?.report.exceptions[0]?.frames[0]).toMatchObject({
      inApp: true,
      repoPath: 'src/cart/total.ts',
    });
    expect(reportOfCrash?.analysis?.classification.reasons.length).toBeGreaterThan(0);

    const [diagnosis] = await store.diagnoses.listOfGroup(crash?.id ?? '');
    expect(diagnosis).toMatchObject({ version: 1, method: 'offline', revision: 'unversioned' });
    expect(JSON.stringify(diagnosis?.diagnosis)).toContain('src/cart/total.ts');
    expect(await store.reports.counts()).toEqual({ grouped: 5, failed: 1 });
    expect(await queue.failed()).toEqual([]);

    // A feature request is not investigated on arrival, but is when someone asks.
    const feature = inbox.groups.find((group) => group.label === 'feature');
    expect(await store.diagnoses.listOfGroup(feature?.id ?? '')).toEqual([]);
    expect(feature?.investigation).toBeNull();
    await harness.pipeline.reinvestigate(feature?.id ?? '');
    await queue.drain({ timeoutMs: 60_000 });
    expect((await store.groups.get(feature?.id ?? '')).investigation).toEqual({
      state: 'done',
      detail: null,
      attempts: 1,
    });
    const [requested] = await store.diagnoses.listOfGroup(feature?.id ?? '');
    expect(requested).toMatchObject({ version: 1, method: 'offline' });
  }, 120_000);

  it('keeps every diagnosis: a re-run on request and one when the repository revision changes', async () => {
    // The harness' pipeline keeps no cache (cacheDir false): no commit-graph in the home folder.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-home-'));
    vi.stubEnv('HOME', home);
    let group: { id: string } | undefined;
    try {
      harness = await openHarness(kind, { git: true });
      await harness.ingestText([{ id: 'crash-1', text: cartCrash() }]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      [group] = (await harness.store.inbox({})).groups;
      const [first] = await harness.store.diagnoses.listOfGroup(group?.id ?? '');
      expect(first?.diagnosis.history).toBeDefined();
      expect(fs.existsSync(path.join(home, '.cache'))).toBe(false);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
    const { store, queue, pipeline, repo } = harness;
    await pipeline.reinvestigate(group?.id ?? '');
    await queue.drain({ timeoutMs: 60_000 });
    expect(await pipeline.refreshStaleDiagnoses()).toBe(0);

    fs.appendFileSync(path.join(repo.root, 'src/format.ts'), '\n// changed\n');
    commitAll(repo.root, 'change');
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the revision cache's lifetime
    expect(await pipeline.refreshStaleDiagnoses()).toBe(1);
    await queue.drain({ timeoutMs: 60_000 });
    const versions = await store.diagnoses.listOfGroup(group?.id ?? '');
    expect(versions.map((row) => row.version)).toEqual([3, 2, 1]);
    expect(new Set(versions.map((row) => row.revision)).size).toBe(2);
    await expect(pipeline.reinvestigate('no-such-group')).rejects.toThrow(
      'No group "no-such-group"',
    );
  }, 120_000);
});
