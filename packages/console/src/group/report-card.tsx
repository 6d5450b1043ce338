/**
 * One report of a group: where it came from, its classification and why, its text (for the report
 * whose trace the stack trace panel shows, a pointer there instead), and the raw report as
 * delivered, folded.
 */
import type { ReportView } from '../api/types.js';
import { Badge } from '../ui/badge.js';
import { fullTime, percent, timeAgo } from '../ui/format.js';

/** Props of {@link ReportCard}. */
export interface ReportCardProps {
  report: ReportView;
  /** Shows its details expanded. */
  open: boolean;
  /** Its trace is the one the Stack trace panel shows (its text is not repeated here). */
  traceInPanel: boolean;
}

/** A report. */
export function ReportCard({ report, open, traceInPanel: traced }: ReportCardProps) {
  const { parsed } = report;
  const classification = report.classification;
  return (
    <details className="report" open={open}>
      <summary>
        <span className="title">{parsed?.title ?? report.filename ?? report.sourceId}</span>
        <span className="muted">
          {' '}
          · {report.sourceKind} ·{' '}
          <span title={fullTime(report.receivedAt)}>{timeAgo(report.receivedAt)}</span>
          {parsed ? ` · ${parsed.kind} (${parsed.source.format})` : ''}
        </span>
      </summary>
      {report.error ? (
        <p className="state error" role="alert">
          {report.error}
        </p>
      ) : null}
      {classification ? (
        <div className="classification">
          <p>
            Classified <Badge kind={classification.label}>{classification.label}</Badge>{' '}
            {percent(classification.confidence)} by {classification.method}
          </p>
          {classification.reasons.length > 0 ? (
            <ul>
              {classification.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {parsed?.body && !traced ? (
        // Scrollable past 320 px: focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        <pre className="report-body" tabIndex={0}>
          {parsed.body}
        </pre>
      ) : null}
      {traced ? <p className="muted">Its stack trace is shown in the Stack trace panel.</p> : null}
      <details className="raw">
        <summary>Raw report</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable */}
        <pre tabIndex={0}>{report.raw}</pre>
      </details>
      {report.url ? (
        <p>
          <a href={report.url} rel="noreferrer" target="_blank">
            Open at the source
          </a>
        </p>
      ) : null}
    </details>
  );
}
