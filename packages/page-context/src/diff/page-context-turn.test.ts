import { countTokens } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { renderMarkdown } from '../render/to-markdown.js';
import type { PageContextRegistry } from '../types.js';
import { type PageContextReading, pageContextTurn } from './page-context-turn.js';

function reading(registry: PageContextRegistry, outline?: string): PageContextReading {
  const snapshot = registry.snapshot();
  const { markdown: page } = renderMarkdown(snapshot);
  const markdown = outline ? `${page}\n${outline}` : page;
  return {
    snapshot,
    markdown,
    tokens: countTokens(markdown),
    ...(outline ? { outline } : {}),
  };
}

function dashboard(): PageContextRegistry {
  const registry = createPageContextRegistry();
  registry.register({ id: 'page', type: 'dashboard', data: { title: 'API health' } });
  registry.register({
    id: 'filters',
    type: 'filters',
    parentId: 'page',
    data: { environment: 'production', range: 'Last 24 hours' },
  });
  for (let index = 0; index < 12; index++) {
    registry.register({
      id: `w${index}`,
      type: 'stat',
      parentId: 'page',
      data: {
        title: `Metric ${index}`,
        value: `${index * 7}%`,
        caption: 'over the selected range',
      },
    });
  }
  return registry;
}

describe('pageContextTurn', () => {
  it('sends the whole page first, then only what changed', () => {
    const registry = dashboard();
    const first = reading(registry);
    expect(pageContextTurn(undefined, first)).toEqual({
      kind: 'snapshot',
      markdown: first.markdown,
      tokens: first.tokens,
    });
    registry.update('filters', { data: { environment: 'staging', range: 'Last 24 hours' } });
    const second = pageContextTurn(first, reading(registry));
    expect(second.kind).toBe('delta');
    expect(second.markdown).toContain('~ filters [filters]: environment: staging (was production)');
    expect(second.tokens).toBeLessThan(first.tokens / 4);
  });

  it('adds the DOM outline when it changed, and sends the whole page when the delta is larger', () => {
    const registry = dashboard();
    const first = reading(registry, '## Rest of the page\n- a');
    const outlineOnly = pageContextTurn(first, reading(registry, '## Rest of the page\n- b'));
    expect(outlineOnly).toMatchObject({ kind: 'delta' });
    expect(outlineOnly.markdown).toContain('- b');
    for (let index = 0; index < 12; index++) registry.unregister(`w${index}`);
    registry.register({ id: 'x', type: 'note', data: { text: 'everything else is gone' } });
    const current = reading(registry);
    expect(pageContextTurn(first, current)).toEqual({
      kind: 'snapshot',
      markdown: current.markdown,
      tokens: current.tokens,
    });
  });
});
