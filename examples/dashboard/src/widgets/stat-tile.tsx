/** A single headline number (a "stat" widget), opted in with its title and value. */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { widgetId } from './widget-id.js';

/** Props of {@link StatTile}. */
export interface StatTileProps {
  title: string;
  /** The formatted value, as displayed. */
  value: string;
  /** One line under the value, e.g. what it counts. */
  caption: string;
}

function StatTileView({ title, value, caption }: StatTileProps) {
  usePageContext({ title, value });
  return (
    <section className="widget tile">
      <h3>{title}</h3>
      <p className="value">{value}</p>
      <p className="caption">{caption}</p>
    </section>
  );
}

/** A stat widget. */
export const StatTile = withPageContext('stat', StatTileView, {
  priority: 5,
  id: ({ title }) => widgetId(title),
});
