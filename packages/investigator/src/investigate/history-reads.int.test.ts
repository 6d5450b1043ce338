import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildGitHistoryFixture, type GitHistoryFixture } from '@sightline/codebase/testing';
import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHistoryReads } from './history-reads.js';
import { describeHistory } from './read-history.js';

let dir: string;
let fixture: GitHistoryFixture;
const report = parseReport("slugify('') throws since 1.2.0");

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sightline-history-reads-'));
  fixture = await buildGitHistoryFixture(path.join(dir, 'slugger'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('startHistoryReads', () => {
  it("makes blame's commit-graph ready before any suspect is known, where asked", async () => {
    const commitGraphDir = path.join(dir, 'graph');
    const reads = startHistoryReads(fixture.root, report, { features: false, commitGraphDir });
    const graph = await reads.graph;
    expect(graph?.state).toBe('written');
    expect(graph?.history.graphDir).toBe(path.join(commitGraphDir, 'objects'));
    expect(existsSync(path.join(commitGraphDir, 'objects', 'info', 'commit-graph'))).toBe(true);
    expect(await reads.log).toBeUndefined();
    // None with the folder refused, none without history.
    const none = startHistoryReads(fixture.root, report, {
      features: false,
      commitGraphDir: false,
    });
    expect(await none.graph).toBeUndefined();
    const off = startHistoryReads(fixture.root, report, { history: false, features: true });
    expect([await off.graph, await off.log, await off.read]).toEqual([undefined, undefined, null]);
  });

  it('writes no commit-graph once its investigation ended, and blames nothing then', async () => {
    const controller = new AbortController();
    const commitGraphDir = path.join(dir, 'graph-stopped');
    const reads = startHistoryReads(fixture.root, report, {
      features: false,
      commitGraphDir,
      signal: controller.signal,
    });
    controller.abort();
    const graph = await reads.graph;
    expect(graph === undefined || graph.state === 'skipped').toBe(true);
    expect(existsSync(path.join(commitGraphDir, 'objects', 'info', 'commit-graph'))).toBe(false);
    const read = await reads.read;
    if (!read) throw new Error('no history');
    const suspect = {
      path: fixture.defectPath,
      lines: [1, 6] as [number, number],
      score: 1,
      evidence: [],
    };
    const stopped = await describeHistory(read, [suspect], {
      commitGraph: reads.graph,
      signal: controller.signal,
    });
    expect(stopped.suspectCommits).toEqual([]);
    expect(
      (await describeHistory(read, [suspect], { commitGraphDir: false })).suspectCommits,
    ).not.toEqual([]);
  });
});
