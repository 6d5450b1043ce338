/**
 * One report of a group: where it came from, its classification and why, the parsed exception
 * with its stack frames (in-app frames marked), the text, and the raw report as delivered.
 */
import type { ReportView } from '../api/types.js';
import { Badge } from '../ui/badge.js';
import { fullTime, percent, timeAgo } from '../ui/format.js';

/** An exception of a parsed report, as the API sends it. */
type ApiException = NonNullable<ReportView['parsed']>['exceptions'][number];
/** A stack frame, as the API sends it. */
type ApiFrame = ApiException['frames'][number];

/**
 * The exception that caused another: the API's JSON types stop following `cause` a few levels
 * down (a recursive type), so it is checked here instead.
 */
function causeOf(exception: { cause?: unknown }): ApiException | undefined {
  const { cause } = exception;
  const isException =
    typeof cause === 'object' && cause !== null && 'type' in cause && 'frames' in cause;
  return isException ? (cause as ApiException) : undefined;
}

function frameText(frame: ApiFrame): string {
  const where = frame.repoPath ?? frame.file ?? frame.module ?? '';
  const line = frame.line ? `:${frame.line}${frame.column ? `:${frame.column}` : ''}` : '';
  return `${frame.function ? `${frame.function}  ` : ''}${where}${line}` || frame.raw;
}

function ExceptionView({ exception }: { exception: ApiException }) {
  const cause = causeOf(exception);
  return (
    <div className="exception">
      <p>
        <strong>{exception.type}</strong>: {exception.message}
      </p>
      {exception.frames.length > 0 ? (
        <ol className="frames">
          {exception.frames.map((frame, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: frames of one trace never reorder
            <li key={index} className={frame.inApp ? 'in-app' : 'library'}>
              <code>{frameText(frame)}</code>
              {frame.inApp ? <span className="tag">in-app</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {cause ? (
        <>
          <p className="muted">Caused by</p>
          <ExceptionView exception={cause} />
        </>
      ) : null}
    </div>
  );
}

/** A report; `open` shows its details expanded. */
export function ReportCard({ report, open }: { report: ReportView; open: boolean }) {
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
      {parsed
        ? parsed.exceptions.map((exception, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: exceptions of one report never reorder
            <ExceptionView key={index} exception={exception} />
          ))
        : null}
      {parsed?.body ? <pre className="report-body">{parsed.body}</pre> : null}
      <details className="raw">
        <summary>Raw report</summary>
        <pre>{report.raw}</pre>
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
