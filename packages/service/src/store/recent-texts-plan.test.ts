import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from './index.js';
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
    // The statement recentTexts runs (reports.ts).
    const plan = await sql<{ detail: string }>`explain query plan select parsed from reports
      where project_id = ${'p'} and parsed is not null
      order by received_at desc, id limit 300`.execute(store.db);
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toContain('USING INDEX reports_project_received');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
