/**
 * The contexts of an issue's latest event (browser, OS, device, runtime), one line each for the
 * agent: they are few and short, so they are sent whole.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { EventContext } from '../data/latest-event.js';

function ContextsView({ contexts }: { contexts: readonly EventContext[] }) {
  usePageContext(
    Object.fromEntries(
      contexts.map(({ name, values }) => [name, Object.values(values).filter(Boolean).join(' ')]),
    ),
  );
  return (
    <section className="panel contexts">
      <h2>Contexts</h2>
      {contexts.map(({ name, values }) => (
        <div key={name} className="context">
          <h3>{name}</h3>
          <dl>
            {Object.entries(values).map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

/** The contexts panel, opted in as a `contexts` node. */
export const ContextsPanel = withPageContext('contexts', ContextsView, {
  priority: 4,
  id: () => 'contexts',
});
