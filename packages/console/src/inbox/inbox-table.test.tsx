import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inboxRow } from '../api/groups.test-helper.js';
import { InboxTable } from './inbox-table.js';
import { EMPTY_TRIAGE } from './triage-session.js';

describe('InboxTable', () => {
  it("shows the code a row's root cause marks with backticks as code, never the backticks", () => {
    // Found by a fresh-user trial: the row read "point at lib/parse.js (`parseKeys`)." with
    // literal backticks, where the group page and the copied Markdown show code.
    const row = inboxRow({
      rootCause: 'The words point at lib/parse.js (`parseKeys`) <b>x</b>.',
      investigation: { state: 'done', reason: null, attempts: 1 },
      latestDiagnosisVersion: 1,
      diagnosisOutcome: 'unverified',
    });
    const html = renderToStaticMarkup(
      <InboxTable
        groups={[row]}
        total={1}
        filters={{}}
        projectName={() => 'qs'}
        session={EMPTY_TRIAGE}
      />,
    );
    expect(html).toContain(
      '<span class="row-cause">The words point at lib/parse.js (<code>parseKeys</code>) &lt;b&gt;x&lt;/b&gt;.</span>',
    );
    expect(html).toContain('unverified lead');
  });
});
