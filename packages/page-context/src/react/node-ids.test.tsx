// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { toTools } from '../tools/to-tools.js';
import type { PageContextRegistry } from '../types.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageAction } from './use-page-action.js';
import { usePageContext } from './use-page-context.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

const resetInput = z.object({});
const Filters = withPageContext('filters', function Filters({ name }: { name: string }) {
  usePageContext({ name });
  usePageAction('reset', {
    description: 'Clear the filters',
    input: resetInput,
    handler: () => {},
  });
  return <form aria-label={name} />;
});
const Row = withPageContext(
  'issue',
  function Row({ issueId }: { issueId: string }) {
    usePageContext({ issueId });
    return <p>{issueId}</p>;
  },
  { key: ({ issueId }) => issueId },
);

const ids = (registry: PageContextRegistry) =>
  registry
    .snapshot()
    .roots.map((node) => node.id)
    .sort();

describe('node ids of withPageContext', () => {
  it('are the type, then <type>-2 …, and a later tool of the same name reads as <id>__<action>', () => {
    const registry = createPageContextRegistry();
    render(
      <StrictMode>
        <PageContextProvider registry={registry}>
          <Filters name="left" />
          <Filters name="right" />
        </PageContextProvider>
      </StrictMode>,
    );
    expect(ids(registry)).toEqual(['filters', 'filters-2']);
    expect(Object.keys(toTools(registry.snapshot()))).toEqual([
      'reset',
      'filters-2__reset',
      'expand_node',
    ]);
  });

  it('stay the same when a component remounts (unlike React useId)', () => {
    const registry = createPageContextRegistry();
    const page = (shown: boolean, key: string) => (
      <PageContextProvider registry={registry}>
        {shown ? <Filters key={key} name="only" /> : null}
      </PageContextProvider>
    );
    const { rerender } = render(page(true, 'a'));
    expect(ids(registry)).toEqual(['filters']);
    rerender(page(false, 'a'));
    rerender(page(true, 'b'));
    expect(ids(registry)).toEqual(['filters']);
    rerender(page(true, 'c')); // a new instance replaces the old one in one commit
    expect(ids(registry)).toEqual(['filters']);
  });

  it('take the key from the props: <type>-<key>', () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Row issueId="SL-42" />
        <Row issueId="SL-7" />
      </PageContextProvider>,
    );
    expect(ids(registry)).toEqual(['issue-SL-42', 'issue-SL-7']);
  });
});
