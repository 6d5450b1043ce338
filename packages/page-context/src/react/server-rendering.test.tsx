// Runs in the default Node environment: no window, no document. Any access during render throws.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { PageContextInspector } from './page-context-inspector.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageAction } from './use-page-action.js';
import { usePageContext } from './use-page-context.js';
import { usePageSnapshot } from './use-page-snapshot.js';
import { withPageContext } from './with-page-context.js';

const Chart = withPageContext(
  'chart',
  function Chart({ title }: { title: string }) {
    usePageContext({ title, series: 3 });
    usePageAction('zoom', {
      description: 'Zoom',
      input: z.object({ factor: z.number() }),
      handler: () => 'ok',
    });
    return <figure>{title}</figure>;
  },
  { id: () => 'errors' },
);

function Assistant() {
  usePageSnapshot();
  return <aside>assistant</aside>;
}

describe('server rendering', () => {
  it('renders to a string without a DOM and registers nothing', () => {
    expect(typeof document).toBe('undefined');
    const registry = createPageContextRegistry();
    const html = renderToString(
      <PageContextProvider registry={registry} location={{ route: 'dashboard' }}>
        <Chart title="Errors" />
        <Assistant />
        <PageContextInspector />
      </PageContextProvider>,
    );
    expect(html).toContain(
      '<div data-page-context-node="errors" style="display:contents"><figure>Errors</figure></div>',
    );
    expect(html).toContain('<aside>assistant</aside>');
    expect(html).toContain('"># Page</pre>');
    // Effects do not run on the server: registration and location wait for hydration.
    expect(registry.size).toBe(0);
    expect(registry.snapshot().location).toBeUndefined();
  });

  it('renders with a provider that creates its own registry', () => {
    expect(
      renderToString(
        <PageContextProvider>
          <Chart title="Latency" />
        </PageContextProvider>,
      ),
    ).toContain('<figure>Latency</figure>');
  });
});
