import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './index.js';
import { TEST_DATABASES } from './test-databases.test-helper.js';

describe.each(TEST_DATABASES)('inbox search in group titles on $name', (kind) => {
  let store: Store | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await store?.close();
    await drop?.();
  });

  it('finds a word of fewer than three characters written with surrogate pairs', async () => {
    const created = await kind.create();
    drop = created.drop;
    store = await openStore(created.location);
    const project = await store.projects.ensure({ name: 'app', repo: '/src/app' });
    const titles = ['Crash on the 🔥🔥 button', 'Crash on the 𠀋𠀋 label', 'Crash on save'];
    for (const [index, title] of titles.entries()) {
      const { report } = await store.reports.insert(
        {
          sourceKind: 'files',
          sourceId: `r${index}`,
          receivedAt: '2026-01-01T00:00:00.000Z',
          format: 'auto',
          payload: { text: 'x' },
        },
        { projectId: project.id, sourceId: null },
      );
      await store.groups.attach({
        reportId: report.id,
        projectId: project.id,
        label: 'crash',
        title,
        receivedAt: report.receivedAt,
        sourceKind: 'files',
        key: { signature: `s${index}` },
      });
    }
    // Two characters but four UTF-16 code units: FTS5's trigram index finds nothing for fewer
    // than three characters, so such a word must be matched like any short word.
    const titlesOf = async (q: string) =>
      (await store?.inbox({ q }))?.groups.map((group) => group.title);
    expect(await titlesOf('🔥🔥')).toEqual(['Crash on the 🔥🔥 button']);
    expect(await titlesOf('𠀋𠀋')).toEqual(['Crash on the 𠀋𠀋 label']);
    expect(await titlesOf('crash 🔥🔥')).toEqual(['Crash on the 🔥🔥 button']);
  });
});
