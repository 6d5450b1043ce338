// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FALLBACK_HEADING } from '../fallback/describe-page.js';
import { toMarkdown } from '../render/to-markdown.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageAction } from './use-page-action.js';
import { usePageContext } from './use-page-context.js';
import { type PageSnapshotReader, usePageSnapshot } from './use-page-snapshot.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

const Issues = withPageContext(
  'issue-table',
  function Issues() {
    usePageContext({ title: 'Top issues', rows: 2, top: 'TypeError in renderRow' });
    usePageAction('sort', {
      description: 'Sort the table',
      input: z.object({ by: z.enum(['events', 'users']) }),
      handler: () => 'sorted',
    });
    return (
      <table>
        <tbody>
          <tr>
            <td>TypeError in renderRow</td>
          </tr>
        </tbody>
      </table>
    );
  },
  { id: () => 'issues' },
);

let readers: PageSnapshotReader[] = [];
function Assistant() {
  readers.push(usePageSnapshot());
  return null;
}

function setup(): { read: PageSnapshotReader; readers: PageSnapshotReader[] } {
  readers = [];
  // A fresh element each time, so the rerender really renders `Assistant` again.
  const page = () => (
    <PageContextProvider location={{ route: 'issues' }}>
      <nav aria-label="Main">
        <a href="/dashboard">Dashboard</a>
      </nav>
      <Issues />
      <p>Showing 2 of 2</p>
      <Assistant />
    </PageContextProvider>
  );
  const { rerender } = render(page());
  rerender(page());
  return { read: readers.at(-1) as PageSnapshotReader, readers };
}

describe('usePageSnapshot', () => {
  it('returns a stable reader of the snapshot, its Markdown and its tools', () => {
    const { read, readers } = setup();
    expect(readers[0]).toBe(readers[1]);
    const { snapshot, markdown, tokens, tools } = read();
    expect(snapshot.location).toEqual({ route: 'issues' });
    expect(markdown).toBe(toMarkdown(snapshot, {}));
    expect(tokens).toBeGreaterThan(0);
    expect(Object.keys(tools).sort()).toEqual(['expand_node', 'sort']);
  });

  it('with a root, outlines the parts of the page that did not opt in', () => {
    const { read } = setup();
    const { markdown } = read({ root: document.body, budgetTokens: 1_000 });
    expect(markdown.split('\n')).toEqual([
      ...toMarkdown(read().snapshot).split('\n'),
      FALLBACK_HEADING,
      'navigation Main: 1 link',
      '→ node issues (above)',
      'Showing 2 of 2',
    ]);
  });

  it('given the previous read, sends only what changed, the outline included', () => {
    const { read } = setup();
    const first = read({ root: document.body });
    expect(first.kind).toBe('snapshot');
    expect(first.markdown).toBe(first.reading.markdown);
    const same = read({ root: document.body, previous: first });
    expect(same).toMatchObject({
      kind: 'delta',
      markdown: `No page changes since v${first.snapshot.version}.`,
    });
    const paragraph = document.querySelector('p');
    if (paragraph) paragraph.textContent = 'Showing 1 of 2';
    const changed = read({ root: document.body, previous: same });
    expect(changed.kind).toBe('delta');
    expect(changed.markdown).toContain('Showing 1 of 2');
    expect(changed.markdown).not.toContain('## issue-table');
    expect(changed.reading.markdown).toContain('## issue-table');
  });
});
