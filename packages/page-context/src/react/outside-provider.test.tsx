// @vitest-environment jsdom
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageAction } from './use-page-action.js';
import { usePageContext } from './use-page-context.js';
import { usePageSnapshot } from './use-page-snapshot.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

const input = z.object({ query: z.string() });
const SearchBox = withPageContext('search', function SearchBox({ query }: { query: string }) {
  usePageContext({ query });
  usePageAction('search', { description: 'Search', input, handler: () => {} });
  return <input aria-label="Search" defaultValue={query} />;
});

function Bare() {
  usePageContext({ x: 1 });
  return null;
}

describe('outside a <PageContextProvider>', () => {
  it('a wrapped component renders alone, its hooks do nothing, and one warning is printed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container, rerender } = render(<SearchBox query="timeout" />);
    rerender(<SearchBox query="crash" />);
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeDefined();
    expect(container.querySelector(`[${PAGE_CONTEXT_NODE_ATTRIBUTE}]`)).toBeNull();
    const messages = warn.mock.calls.map(([message]) => String(message));
    expect(messages.filter((m) => m.includes("withPageContext('search')"))).toHaveLength(1);
    expect(messages[0]).toContain('outside a <PageContextProvider> and does nothing');
    warn.mockRestore();
  });

  it('the reader reads an empty page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => usePageSnapshot());
    const read = result.current({});
    expect(read.snapshot.nodeCount).toBe(0);
    expect(Object.keys(read.tools)).toEqual(['expand_node']);
    warn.mockRestore();
  });

  it('inside a provider, a hook with no type and no opted-in ancestor registers nothing and says what to do', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Bare />
      </PageContextProvider>,
    );
    expect(registry.size).toBe(0);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining(
        'give it a node of its own: usePageContext(data, { type: "…", ref })',
      ),
    ]);
    warn.mockRestore();
  });
});
