// @vitest-environment jsdom
import { countTokens } from '@sightline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { renderMarkdown } from '../render/to-markdown.js';
import { describePage, FALLBACK_HEADING } from './describe-page.js';

afterEach(() => {
  document.body.innerHTML = '';
});

function dashboardRegistry() {
  const registry = createPageContextRegistry();
  registry.setLocation({ route: 'dashboard', query: { env: 'production' } });
  registry.register({
    id: 'errors',
    type: 'chart',
    data: { title: 'Errors', series: 3, total: 1204 },
  });
  registry.register({
    id: 'latency',
    type: 'stat',
    data: { title: 'p95 latency', value: '412 ms' },
  });
  registry.register({ id: 'assistant', type: 'assistant', data: { title: 'Assistant' } });
  return registry;
}

describe('describePage', () => {
  it('describes opted-in subtrees from the registry and outlines the rest but its chrome, in one document', () => {
    const registry = dashboardRegistry();
    document.body.innerHTML = `
      <nav aria-label="Main"><a href="/issues">Issues</a></nav>
      <main>
        <h1>API health</h1>
        <div data-page-context-node="errors"><h2>Errors</h2><svg><text>1,204</text></svg></div>
        <div data-page-context-node="latency"><b>412</b> ms</div>
        <div data-page-context-node="gone"><p>Stale wrapper, still outlined</p></div>
        <button data-page-context-ignore>Inspector</button>
        <button>Share</button>
        <a href="/releases">Releases</a>
      </main>`;
    const description = describePage(document.body, registry);
    const semantic = renderMarkdown(registry.snapshot());
    const fallback = [
      FALLBACK_HEADING,
      'navigation Main: 1 link',
      'main',
      '  h1 API health',
      '  → node errors (above)',
      '  → node latency (above)',
      '  Stale wrapper, still outlined',
      '  [link] Releases → /releases',
    ].join('\n');
    expect(description).toEqual({
      markdown: `${semantic.markdown}\n${fallback}`,
      tokens: countTokens(`${semantic.markdown}\n${fallback}`),
      semanticTokens: semantic.tokens,
      fallbackTokens: countTokens(fallback),
      outline: fallback,
      nodeIdsInPage: ['errors', 'latency'],
      omittedIds: [],
      omittedLines: 0,
    });
    // A node registered without an element on the page is still described.
    expect(description.markdown).toContain('## assistant: Assistant');
  });

  it('never repeats what an opted-in container says, and sums up a sidebar in one line', () => {
    const registry = createPageContextRegistry();
    registry.register({
      id: 'tasks',
      type: 'table',
      data: {
        title: 'Tasks',
        rows: [
          { id: 'T-1', title: 'Write docs' },
          { id: 'T-2', title: 'Fix login' },
        ],
      },
    });
    registry.register({
      id: 'toolbar',
      type: 'toolbar',
      parentId: 'tasks',
      data: { filter: 'open' },
    });
    document.body.innerHTML = `
      <aside aria-label="Sidebar"><a href="/">Home</a><a href="/tasks" aria-current="page">Tasks</a><a href="/settings">Settings</a></aside>
      <div data-page-context-node="tasks">
        <h2>Tasks</h2>
        <div data-page-context-node="toolbar"><label>Filter <input value="open"></label></div>
        <table><tr><td>T-1</td><td>Write docs</td></tr><tr><td>T-2</td><td>Fix login</td></tr><tr><td>T-3</td><td>Ship it</td></tr></table>
        <p>Showing 3 of 3</p>
      </div>`;
    expect(describePage(document.body, registry).outline).toBe(
      [
        FALLBACK_HEADING,
        'complementary Sidebar: 3 links; current: Tasks',
        '→ node tasks (above)',
        '  → node toolbar (above)',
        '  table',
        '    | T-3 | Ship it |',
        '  Showing 3 of 3',
      ].join('\n'),
    );
  });

  it('keeps the semantic part whole and cuts the outline when over budget', () => {
    const registry = dashboardRegistry();
    const rows = Array.from(
      { length: 300 },
      (_, index) => `<p>Log line ${index}: served in ${index} ms</p>`,
    );
    document.body.innerHTML = `<div data-page-context-node="errors"></div>${rows.join('')}`;
    const semantic = renderMarkdown(registry.snapshot());
    const description = describePage(document.body, registry, { budgetTokens: 400 });
    expect(description.tokens).toBeLessThanOrEqual(400);
    expect(
      description.markdown.startsWith(
        `${semantic.markdown}\n${FALLBACK_HEADING}\n→ node errors (above)\nLog line 0:`,
      ),
    ).toBe(true);
    expect(description.omittedIds).toEqual([]);
    expect(description.omittedLines).toBeGreaterThan(250);
    expect(
      description.markdown.endsWith(
        `… ${description.omittedLines} more lines of the page left out (token budget)`,
      ),
    ).toBe(true);
  });

  it('leaves the outline at least a quarter of the budget when both parts are over', () => {
    const registry = createPageContextRegistry();
    for (let index = 0; index < 100; index++) {
      registry.register({
        id: `w${index}`,
        type: 'widget',
        priority: index,
        data: { title: `Widget ${index}`, value: index },
      });
    }
    document.body.innerHTML = Array.from({ length: 300 }, (_, index) => `<p>Row ${index}</p>`).join(
      '',
    );
    const description = describePage(document.body, registry, { budgetTokens: 600 });
    expect(description.tokens).toBeLessThanOrEqual(600);
    expect(description.fallbackTokens).toBeGreaterThanOrEqual(150 - 20);
    expect(description.semanticTokens).toBeLessThanOrEqual(450);
    // Lowest priority goes first.
    expect(description.omittedIds).toContain('w0');
    expect(description.omittedIds).not.toContain('w99');
  });

  it('keeps outlining what no node describes inside an opted-in container', () => {
    const registry = dashboardRegistry();
    registry.register({ id: 'page', type: 'dashboard', data: { title: 'API health' } });
    document.body.innerHTML = `
      <div data-page-context-node="page">
        <h1>API health</h1>
        <label>Environment <select><option selected>production</option><option>staging</option></select></label>
        <div data-page-context-node="errors"><h2>Errors</h2><p>1,204 events</p></div>
        <section aria-label="Deploys"><h2>Deploys</h2><p>Last deploy 2 h ago</p></section>
      </div>`;
    const { outline, nodeIdsInPage } = describePage(document.body, registry);
    expect(outline.split('\n')).toEqual([
      FALLBACK_HEADING,
      '→ node page (above)',
      '  [combobox] Environment = production (options: production, staging)',
      '  → node errors (above)',
      '  region Deploys',
      '    h2 Deploys',
      '    Last deploy 2 h ago',
    ]);
    expect(nodeIdsInPage).toEqual(['page', 'errors']);
    expect(outline).not.toContain('1,204 events');
  });

  it('is just the semantic Markdown when the whole page opted in', () => {
    const registry = dashboardRegistry();
    document.body.innerHTML = '<div data-page-context-node="errors"><p>chart</p></div>';
    expect(describePage(document.body, registry).markdown).toBe(
      `${renderMarkdown(registry.snapshot()).markdown}`,
    );
  });
});
