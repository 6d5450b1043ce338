/**
 * The reports of a group, newest first, beside its diagnosis. Opted in as the `reports` node: nothing
 * upfront (the group says its count), how many and each report (source, time, classification, title as user-written text) through
 * `expand_node`.
 */
import { userContent } from '@sightline/page-context';
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { ReportView } from '../api/types.js';
import { percent } from '../ui/format.js';
import { ReportCard } from './report-card.js';

/** Props of {@link ReportsColumn}. */
export interface ReportsColumnProps {
  reports: ReportView[];
  /** Reports of the group in all (the API sends the latest 50). */
  count: number;
  /** The report whose trace the Stack trace panel shows; undefined: none. */
  tracedId?: string | undefined;
}

function ReportsColumnView({ reports, count, tracedId }: ReportsColumnProps) {
  usePageContext(
    {},
    {
      details: () => ({
        shown: `${reports.length} of ${count}`,
        reports: reports.map((report) => ({
          source: report.sourceKind,
          receivedAt: report.receivedAt,
          classified: report.classification
            ? `${report.classification.label} ${percent(report.classification.confidence)}`
            : 'not yet',
          title: userContent(report.parsed?.title ?? report.filename ?? report.sourceId),
        })),
      }),
    },
  );
  return (
    <section className="side-column" aria-labelledby="reports-heading">
      <h2 id="reports-heading">
        Reports{' '}
        <span className="muted">
          ({reports.length} of {count})
        </span>
      </h2>
      {reports.map((report, index) => (
        <ReportCard
          key={report.id}
          report={report}
          open={index === 0}
          traceInPanel={report.id === tracedId}
        />
      ))}
    </section>
  );
}

/** The reports column. */
export const ReportsColumn = withPageContext('reports', ReportsColumnView, {
  id: () => 'reports',
  priority: 6,
});
