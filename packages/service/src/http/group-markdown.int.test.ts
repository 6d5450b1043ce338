import { createSecretReport } from '@sightline/investigator/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { groupMarkdown } from './group-markdown.js';

describe.each(TEST_DATABASES)('groupMarkdown of an investigated group on $name', (kind) => {
  let harness: ServiceHarness | undefined;
  afterEach(async () => harness?.close());

  it("shows none of the report's secrets in the GitHub comment or the Markdown", async () => {
    // Found by fresh-user trial 16: "copy as GitHub comment" (GET /api/groups/<id>/markdown)
    // showed the report's AWS key in the title and root cause, and the private key's body in the
    // suspects' PageRank focus.
    harness = await openHarness(kind);
    const { text, secrets } = createSecretReport();
    await harness.ingestText([{ id: 'secret', text }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    for (const style of ['github', 'markdown'] as const) {
      const markdown = await groupMarkdown(harness.store, group?.id ?? '', style);
      for (const secret of secrets) expect(markdown).not.toContain(secret);
      expect(markdown).toContain('`src/cart/total.ts:');
    }
  }, 120_000);
});
