import { diagnosisCiting } from '@sightline/investigator/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { groupMarkdown } from './group-markdown.js';

describe.each(TEST_DATABASES)('groupMarkdown on $name', (kind) => {
  let store: Store | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await store?.close();
    await drop?.();
  });

  it("shows the group's title as written in a GitHub comment: only its code spans render", async () => {
    // Found by a fresh-user trial: the report's text reached the copied comment unescaped.
    const created = await kind.create();
    drop = created.drop;
    store = await openStore(created.location);
    const project = await store.projects.ensure({ name: 'app', repo: '/src/app' });
    const receivedAt = '2026-03-14T09:00:00.000Z';
    const { report } = await store.reports.insert(
      { sourceKind: 'files', sourceId: 'a', receivedAt, format: 'auto', payload: { text: 'a' } },
      { projectId: project.id, sourceId: null },
    );
    const title = '`parse` fails ![x](http://t.example/p.png) <details>';
    const { group } = await store.groups.attach({
      reportId: report.id,
      projectId: project.id,
      label: 'bug',
      title,
      receivedAt,
      sourceKind: 'files',
      key: { signature: 'bug:1' },
    });
    await store.diagnoses.add({
      groupId: group.id,
      reportId: report.id,
      runKey: 'job-1',
      revision: 'aaa',
      model: null,
      diagnosis: { ...diagnosisCiting('src/a.js', 1, 'a()'), method: 'offline' },
      suspects: [],
      verification: { ok: true, verified: true, reasons: [], errors: [] },
      durationMs: 5,
    });
    const comment = await groupMarkdown(store, group.id, 'github');
    expect(comment.split('\n')[0]).toBe(
      '**Sightline diagnosis** of “`parse` fails !\\[x\\](http\\://t.example/p.png) \\<details\\>” (version 1, offline)',
    );
  });
});
