/**
 * One report of a group: where it came from, its classification and why, its text (a crash's
 * text is its trace, shown once in the stack trace panel, so only its first line here), and the
 * raw report as delivered, folded.
 */
import type { ReportView } from '../api/types.js';
import { Badge } from '../ui/badge.js';
import { fullTime, percent, timeAgo } from '../ui/format.js';
import { hasTrace } from './stack-trace.js';

/** A report; `open` shows its details expanded. */
export function ReportCard({ report, open }: { report: ReportView; open: boolean }) {
  const { parsed } = report;
  const classification = report.classification;
  const traced = parsed?.kind === 'crash' && hasTrace(report);
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
