import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './index.js';
import { recentTextsQuery } from './reports.js';
import { TEST_DATABASES } from './test-databases.test-helper.js';

const sqlite = TEST_DATABASES.filter((kind) => kind.name === 'sqlite');

describe.each(sqlite)('reports.recentTexts plan on $name', (kind) => {
  let store: Store | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await store?.close();
    await drop?.();
  });

  it("reads a project's newest reports from an index, with no sort of all its reports", async () => {
    const created = await kind.create();
    drop = created.drop;
    store = await openStore(created.location);
    // The statement recentTexts runs, compiled from the store's own query.
    const query = recentTextsQuery(store.db, 'p', 300).compile();
    const plan = await store.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toContain('USING INDEX reports_project_received');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
