// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import type { PageContextRegistry, PageLocation } from '../types.js';
import { PageContextProvider, usePageContextRegistry } from './page-context-provider.js';

afterEach(cleanup);

let seen: PageContextRegistry[] = [];
function Probe() {
  seen.push(usePageContextRegistry());
  return null;
}

describe('PageContextProvider', () => {
  it('sets the location after commit and follows it', () => {
    const registry = createPageContextRegistry();
    const app = (location?: PageLocation) => (
      <PageContextProvider registry={registry} location={location}>
        <Probe />
      </PageContextProvider>
    );
    const { rerender } = render(app({ route: 'issues', query: { env: 'production' } }));
    expect(registry.snapshot().location).toEqual({ route: 'issues', query: { env: 'production' } });
    const version = registry.version;
    rerender(app({ route: 'issues', query: { env: 'production' } }));
    expect(registry.version).toBe(version);
    rerender(app({ route: 'issue-detail', params: { issueId: 'SL-42' } }));
    expect(registry.snapshot().location).toEqual({
      route: 'issue-detail',
      params: { issueId: 'SL-42' },
    });
    // Without a location prop the registry's own location is left alone.
    registry.setLocation({ route: 'set-elsewhere' });
    rerender(app());
    expect(registry.snapshot().location).toEqual({ route: 'set-elsewhere' });
  });

  it('creates one registry of its own, kept across renders, when none is given', () => {
    seen = [];
    const { rerender } = render(
      <PageContextProvider>
        <Probe />
      </PageContextProvider>,
    );
    rerender(
      <PageContextProvider>
        <Probe />
      </PageContextProvider>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]?.size).toBe(0);
  });
});
