import { afterEach, describe, expect, it } from 'vitest';
import type { RawReport } from '../sources/types.js';
import { type NewDiagnosis, openStore, type Store } from './index.js';
import {
  POSTGRES_SKIP_MESSAGE,
  TEST_DATABASES,
  TEST_POSTGRES_URL,
} from './test-databases.test-helper.js';

if (!TEST_POSTGRES_URL) console.warn(POSTGRES_SKIP_MESSAGE);

function raw(sourceId: string, text: string, receivedAt = '2026-01-01T00:00:00.000Z'): RawReport {
  return { sourceKind: 'files', sourceId, receivedAt, format: 'auto', payload: { text } };
}

describe.each(TEST_DATABASES)('store on $name', (kind) => {
  let store: Store;
  let drop: () => Promise<void>;
  afterEach(async () => {
    await store?.close();
    await drop?.();
  });
  async function open() {
    const created = await kind.create();
    drop = created.drop;
    store = await openStore(created.location);
    return store.projects.ensure({ name: 'app', repo: '/src/app' });
  }

  it('keeps source names unique, also when two are added at once', async () => {
    const project = await open();
    const add = () =>
      store.sources.create({
        projectId: project.id,
        kind: 'files',
        name: 'inbox',
        config: {},
        pollIntervalMs: null,
      });
    const results = await Promise.allSettled([add(), add()]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: {
        code: 'INVALID_ARGUMENT',
        message: 'A source named "inbox" exists already; choose another name.',
      },
    });
    expect(await store.sources.list()).toHaveLength(1);
  });

  it('keeps a source made unpolled unpolled when a poll that was running ends', async () => {
    const project = await open();
    const source = await store.sources.create({
      projectId: project.id,
      kind: 'files',
      name: 'issues',
      config: {},
      pollIntervalMs: 60_000,
    });
    // `sources add --no-poll` on its name while its poll talks to the provider; then the poll ends.
    await store.sources.reconfigure(source.id, { config: {}, pollIntervalMs: null });
    expect(
      await store.sources.recordPoll(source.id, {
        error: null,
        nextPollAt: '2026-01-01T00:01:00.000Z',
        settingsRevision: source.settingsRevision,
      }),
    ).toBe(false);
    expect(await store.sources.due('2999-01-01T00:00:00.000Z')).toEqual([]);
    expect(await store.sources.get(source.id)).toMatchObject({
      pollIntervalMs: null,
      pollCount: 0,
    });
  });

  it("keeps no cursor or error of a poll that ran with the source's old settings", async () => {
    const project = await open();
    const source = await store.sources.create({
      projectId: project.id,
      kind: 'github',
      name: 'issues',
      config: { repo: 'acme/old' },
      pollIntervalMs: 60_000,
    });
    // The poll of acme/old is under way when `sources add` points the source at acme/new.
    const now = '2026-01-01T00:00:00.000Z';
    const reconfigured = await store.sources.reconfigure(source.id, {
      config: { repo: 'acme/new' },
      pollIntervalMs: 60_000,
    });
    expect(reconfigured.settingsRevision).toBe(source.settingsRevision + 1);
    const kept = await store.sources.recordPoll(source.id, {
      error: 'HTTP 500',
      cursor: 'acme/old page 7',
      nextPollAt: '2999-01-01T00:00:00.000Z',
      settingsRevision: source.settingsRevision,
    });
    expect(kept).toBe(false);
    const after = await store.sources.get(source.id);
    expect(after).toMatchObject({ cursor: null, lastError: null, consecutiveFailures: 0 });
    // The new settings are polled at once, from no cursor; their own poll is kept.
    expect((await store.sources.due('2999-01-01T00:00:00.000Z')).map((due) => due.id)).toEqual([
      source.id,
    ]);
    expect(
      await store.sources.recordPoll(source.id, {
        error: null,
        cursor: 'acme/new page 1',
        nextPollAt: now,
        settingsRevision: reconfigured.settingsRevision,
      }),
    ).toBe(true);
    expect(await store.sources.get(source.id)).toMatchObject({
      cursor: 'acme/new page 1',
      pollCount: 1,
    });
  });

  it('stores a report once per source id', async () => {
    const project = await open();
    const origin = { projectId: project.id, sourceId: null };
    const first = await store.reports.insert(raw('a', 'it crashes'), origin);
    const again = await store.reports.insert(raw('a', 'it crashes'), origin);
    expect(first.created).toBe(true);
    expect(again).toEqual({ report: first.report, created: false });
    // Another payload under the same id is an edit: the latest kept, the original a revision.
    const edited = await store.reports.insert(raw('a', 'it crashes, again'), origin);
    expect(edited).toMatchObject({ created: false, report: { id: first.report.id } });
    expect(edited.report.payload).toEqual({ text: 'it crashes, again' });
    expect(
      (await store.reports.revisions(first.report.id)).map((revision) => revision.payload),
    ).toEqual([{ text: 'it crashes' }, { text: 'it crashes, again' }]);
    expect(await store.reports.counts()).toEqual({ received: 1 });
  });

  it('keeps the newest text when an older edit arrives late', async () => {
    // Found by fresh-user trial 20: a redelivered or late GitHub `edited` event rolled the issue
    // back to its older text, and the group was investigated again on it.
    const project = await open();
    const origin = { projectId: project.id, sourceId: null };
    const at = (hour: number) => `2026-12-04T${String(hour).padStart(2, '0')}:00:00Z`;
    const first = await store.reports.insert(raw('a', 'v1', at(9)), origin);
    await store.reports.insert(raw('a', 'v3, the latest', at(11)), origin);
    const late = await store.reports.insertMany([raw('a', 'v2, delivered late', at(10))], origin);
    expect(late).toEqual([{ id: first.report.id, created: false, revised: false }]);
    expect((await store.reports.get(first.report.id))?.payload).toEqual({ text: 'v3, the latest' });
    const stale = await store.reports.insertMany([raw('a', 'v0', at(8))], origin);
    expect(stale[0]?.revised).toBe(false);
    const newer = await store.reports.insertMany([raw('a', 'v4', at(12))], origin);
    expect(newer[0]?.revised).toBe(true);
  });

  it('groups by signature, counts once per report, and keeps first and last seen', async () => {
    const project = await open();
    const origin = { projectId: project.id, sourceId: null };
    const a = await store.reports.insert(raw('a', 'x', '2026-01-02T00:00:00.000Z'), origin);
    const b = await store.reports.insert(raw('b', 'x', '2026-01-01T00:00:00.000Z'), origin);
    const attach = (reportId: string, receivedAt: string) =>
      store.groups.attach({
        reportId,
        projectId: project.id,
        label: 'crash',
        title: 'TypeError in parse',
        receivedAt,
        sourceKind: 'files',
        key: { signature: 'crash:1' },
      });
    const first = await attach(a.report.id, a.report.receivedAt);
    await attach(a.report.id, a.report.receivedAt);
    const second = await attach(b.report.id, b.report.receivedAt);
    expect(second.group.id).toBe(first.group.id);
    expect(second.group).toMatchObject({
      count: 2,
      firstSeen: '2026-01-01T00:00:00.000Z',
      lastSeen: '2026-01-02T00:00:00.000Z',
      status: 'new',
    });
  });

  it('finds near-duplicate text groups through shared bands above the threshold', async () => {
    const project = await open();
    const origin = { projectId: project.id, sourceId: null };
    const similarity = (x: number[], y: number[]) =>
      x.filter((value, i) => value === y[i]).length / x.length;
    const attach = async (id: string, minhash: number[], bands: string[]) => {
      const { report } = await store.reports.insert(raw(id, id), origin);
      return store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'bug',
        title: id,
        receivedAt: report.receivedAt,
        sourceKind: 'files',
        key: { minhash, bands, similarity, threshold: 0.5 },
      });
    };
    const first = await attach('one', [1, 2, 3, 4], ['b1', 'b2']);
    const near = await attach('two', [1, 2, 3, 9], ['b1', 'b3']);
    const far = await attach('three', [1, 7, 8, 9], ['b1', 'b4']);
    expect(near.group.id).toBe(first.group.id);
    expect(far.group.id).not.toBe(first.group.id);
  });

  it('pages the inbox and filters by label, status and text', async () => {
    const project = await open();
    const origin = { projectId: project.id, sourceId: null };
    for (let i = 0; i < 5; i += 1) {
      const { report } = await store.reports.insert(
        raw(`r${i}`, 'x', `2026-01-0${i + 1}T00:00:00.000Z`),
        origin,
      );
      await store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: i % 2 ? 'bug' : 'crash',
        title: `Problem ${i} in Checkout_Page`,
        receivedAt: report.receivedAt,
        sourceKind: 'files',
        key: { signature: `s${i}` },
      });
    }
    const first = await store.inbox({ limit: 2 });
    expect(first.groups.map((group) => group.title)).toEqual([
      'Problem 4 in Checkout_Page',
      'Problem 3 in Checkout_Page',
    ]);
    expect(first.total).toBe(5);
    const second = await store.inbox({ limit: 2, cursor: first.nextCursor ?? '' });
    expect(second.groups.map((group) => group.title)).toEqual([
      'Problem 2 in Checkout_Page',
      'Problem 1 in Checkout_Page',
    ]);
    const bugs = await store.inbox({ label: 'bug' });
    expect(bugs.total).toBe(2);
    await store.groups.setStatus(bugs.groups[0]?.id ?? '', 'resolved');
    expect((await store.inbox({ status: 'resolved' })).total).toBe(1);
    expect((await store.inbox({ q: 'problem 3 checkout_page' })).total).toBe(1);
    expect((await store.inbox({ q: '%' })).total).toBe(0);
    // Every word a substring of the title, case-insensitive, short words too (SQLite's indexed
    // search takes three characters or more, a shorter word is matched apart).
    expect((await store.inbox({ q: 'CKOUT_pa 4' })).groups.map((group) => group.title)).toEqual([
      'Problem 4 in Checkout_Page',
    ]);
    expect((await store.inbox({ q: 'roble' })).total).toBe(5);
    expect((await store.inbox({ q: 'roble "x' })).total).toBe(0);
    // The total is counted for the first page and kept by the cursor through the listing.
    await store.groups.setStatus(first.groups[0]?.id ?? '', 'resolved');
    const newOnly = await store.inbox({ status: 'new', limit: 1 });
    expect(newOnly.total).toBe(3);
    await store.groups.setStatus(newOnly.groups[0]?.id ?? '', 'resolved');
    expect(
      (await store.inbox({ status: 'new', limit: 1, cursor: newOnly.nextCursor ?? '' })).total,
    ).toBe(3);
    expect((await store.inbox({ status: 'new', limit: 1 })).total).toBe(2);
    // A cursor carried to other filters does not bring its total along: it is counted again.
    expect(
      (await store.inbox({ q: 'problem 1', limit: 1, cursor: newOnly.nextCursor ?? '' })).total,
    ).toBe(1);
    expect(
      (await store.inbox({ label: 'bug', limit: 1, cursor: newOnly.nextCursor ?? '' })).total,
    ).toBe(2);
  });

  it('orders groups seen at the same moment by title, the same on every run and every page', async () => {
    // The reports of one POST share their arrival time: ties went by random group ids, so the
    // demo's inbox came in another order on each run.
    const project = await open();
    const titles = ['kilo', 'alpha', 'hotel', 'delta', 'golf', 'bravo', 'echo', 'charlie'];
    for (const [index, title] of titles.entries()) {
      const { report } = await store.reports.insert(raw(`t${index}`, title), {
        projectId: project.id,
        sourceId: null,
      });
      await store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'bug',
        title,
        receivedAt: report.receivedAt,
        sourceKind: 'files',
        key: { signature: `t${index}` },
      });
    }
    const alphabetical = [...titles].sort();
    for (const sort of ['newest', 'oldest', 'most_reports'] as const) {
      expect((await store.inbox({ sort })).groups.map((group) => group.title)).toEqual(
        alphabetical,
      );
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.inbox({ sort, limit: 3, ...(cursor ? { cursor } : {}) });
        paged.push(...page.groups.map((group) => group.title));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(paged).toEqual(alphabetical);
    }
  });

  it('triages several groups at once (all or none) and filters the inbox by assignee and priority', async () => {
    const project = await open();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { report } = await store.reports.insert(raw(`t${i}`, 'x'), {
        projectId: project.id,
        sourceId: null,
      });
      const { group } = await store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'bug',
        title: `Problem ${i}`,
        receivedAt: report.receivedAt,
        sourceKind: 'files',
        key: { signature: `t${i}` },
      });
      ids.push(group.id);
    }
    const [a = '', b = '', c = ''] = ids;
    expect(
      await store.groups.triage([a, 'nope', b], { priority: 'high' }).catch((e) => e.code),
    ).toBe('STORE_ENTRY_NOT_FOUND');
    expect((await store.groups.get(a)).priority).toBeNull();
    const changed = await store.groups.triage([b, a], { assignee: 'Ada', priority: 'urgent' });
    expect(changed.map((group) => [group.id, group.assignee, group.priority])).toEqual([
      [b, 'Ada', 'urgent'],
      [a, 'Ada', 'urgent'],
    ]);
    await store.groups.triage([c], { status: 'triaged', assignee: 'Grace', priority: 'low' });
    await store.groups.triage([a], { assignee: null });
    const titles = async (query: Parameters<Store['inbox']>[0]) =>
      (await store.inbox(query)).groups.map((group) => group.title).sort();
    expect(await titles({ assignee: 'Ada' })).toEqual(['Problem 1']);
    expect(await titles({ assignee: 'none' })).toEqual(['Problem 0']);
    expect(await titles({ priority: 'urgent' })).toEqual(['Problem 0', 'Problem 1']);
    expect(await titles({ priority: 'none' })).toEqual([]);
    expect(await titles({ status: 'triaged', priority: 'low' })).toEqual(['Problem 2']);
    expect(await store.groups.assignees()).toEqual(['Ada', 'Grace']);
  });

  it('keeps every diagnosis as a new version, once per run key', async () => {
    const project = await open();
    const { report } = await store.reports.insert(raw('a', 'x'), {
      projectId: project.id,
      sourceId: null,
    });
    const { group } = await store.groups.attach({
      reportId: report.id,
      projectId: project.id,
      label: 'crash',
      title: 't',
      receivedAt: report.receivedAt,
      sourceKind: 'files',
      key: { signature: 's' },
    });
    // Only the store's bookkeeping is under test: the documents are stand-ins.
    const base = {
      groupId: group.id,
      reportId: report.id,
      model: null,
      diagnosis: { method: 'offline', rootCause: 'r' } as unknown as NewDiagnosis['diagnosis'],
      suspects: [],
      verification: { ok: true } as unknown as NewDiagnosis['verification'],
      durationMs: 5,
    };
    await store.diagnoses.add({ ...base, runKey: 'job-1', revision: 'aaa' });
    const repeat = await store.diagnoses.add({ ...base, runKey: 'job-1', revision: 'aaa' });
    await store.diagnoses.add({ ...base, runKey: 'job-2', revision: 'bbb' });
    expect(repeat.created).toBe(false);
    const versions = await store.diagnoses.listOfGroup(group.id);
    expect(versions.map((row) => [row.version, row.revision])).toEqual([
      [2, 'bbb'],
      [1, 'aaa'],
    ]);
    expect((await store.groups.get(group.id)).latestDiagnosisVersion).toBe(2);
  });
});
