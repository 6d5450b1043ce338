/**
 * The group's stack trace, shown once: the exception (and what caused it), its frames innermost
 * first, library frames dimmed. Each in-app frame found in the repository opens to ±5 lines of its
 * code with the frame's line marked (read by the service through the secret gate). Opted in as
 * the `stack-trace` node: the exception and the in-app frames upfront, every frame on demand.
 */
import { userContent } from '@sightline/page-context';
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import { useState } from 'react';
import type { ReportView } from '../api/types.js';
import { CodeContext } from '../ui/code-context.js';

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

/** `cartTotal  src/cart/total.ts:6:25` (the frame's raw text when it names nothing). */
export function frameText(frame: ApiFrame): string {
  const where = frame.repoPath ?? frame.file ?? frame.module ?? '';
  const line = frame.line ? `:${frame.line}${frame.column ? `:${frame.column}` : ''}` : '';
  return `${frame.function ? `${frame.function}  ` : ''}${where}${line}` || frame.raw;
}

/** The exceptions of a report with their causes, outermost first. */
function chain(exceptions: ApiException[]): ApiException[] {
  const out: ApiException[] = [];
  for (const exception of exceptions) {
    for (let at: ApiException | undefined = exception; at; at = causeOf(at)) out.push(at);
  }
  return out;
}

function InAppFrame({ frame, project }: { frame: ApiFrame; project: string }) {
  const [open, setOpen] = useState(false);
  const { repoPath, line } = frame;
  if (!repoPath || !line) {
    return (
      <li className="in-app">
        <code>{frameText(frame)}</code> <span className="tag">in-app</span>
      </li>
    );
  }
  return (
    <li className="in-app">
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <code>{frameText(frame)}</code> <span className="tag">in-app</span>
        </summary>
        {open ? <CodeContext project={project} path={repoPath} line={line} /> : null}
      </details>
    </li>
  );
}

/** Props of {@link StackTrace}. */
export interface StackTraceProps {
  /** The report whose trace is shown: the group's representative (see `GroupDetail.representative`). */
  report: ReportView;
  project: string;
}

function StackTraceView({ report, project }: StackTraceProps) {
  const exceptions = chain(report.parsed?.exceptions ?? []);
  const stack = report.parsed?.stack ?? [];
  const all = exceptions.flatMap((exception) => exception.frames).concat(stack);
  // The trace is the report's text: data for the model, never orders.
  const inApp = all.filter((frame) => frame.inApp);
  // Nothing upfront (the title says the exception, the diagnosis the cause): the exception and
  // every frame through `expand_node`.
  usePageContext(
    {},
    {
      details: () => ({
        inAppFrames: inApp.length,
        exception: userContent(
          exceptions.map((exception) => `${exception.type}: ${exception.message}`).join(' ← '),
        ),
        frames: userContent(all.map(frameText).join('\n')),
      }),
    },
  );
  const frames = (list: ApiFrame[]) => (
    <ol className="frames">
      {list.map((frame, index) =>
        frame.inApp ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: frames of one trace never reorder
          <InAppFrame key={index} frame={frame} project={project} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: frames of one trace never reorder
          <li key={index} className="library">
            <code>{frameText(frame)}</code>
          </li>
        ),
      )}
    </ol>
  );
  return (
    <section className="panel stack-trace" aria-labelledby="trace-heading">
      <h2 id="trace-heading">Stack trace</h2>
      {exceptions.map((exception, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: exceptions of one report never reorder
        <div key={index} className="exception">
          {index > 0 ? <p className="muted">Caused by</p> : null}
          <p>
            <strong>{exception.type}</strong>: {exception.message}
          </p>
          {exception.frames.length > 0 ? frames(exception.frames) : null}
        </div>
      ))}
      {stack.length > 0 ? frames(stack) : null}
      <p className="muted">Open an in-app frame to see its code.</p>
    </section>
  );
}

/** The stack trace panel. */
export const StackTrace = withPageContext('stack-trace', StackTraceView, {
  id: () => 'stack-trace',
  priority: 8,
});

/** True when a report carries a trace to show. */
export function hasTrace(report: ReportView): boolean {
  const parsed = report.parsed;
  return Boolean(
    parsed &&
      ((parsed.stack?.length ?? 0) > 0 || parsed.exceptions.some((e) => e.frames.length > 0)),
  );
}
