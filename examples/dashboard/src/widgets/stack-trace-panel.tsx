/**
 * A stack trace as error trackers show it: every frame, in-app frames marked, source lines around
 * the crash. The agent gets the crash frame and counts upfront; every frame through `expand_node`.
 */
import { usePageContext, withPageContext } from '@sightline/page-context/react';
import type { StackFrame } from '../data/stack-trace.js';

/** Props of {@link StackTracePanel}. */
export interface StackTracePanelProps {
  /** The exception, e.g. `TypeError: …`. */
  title: string;
  frames: readonly StackFrame[];
}

const frameLine = (frame: StackFrame) =>
  `${frame.fn} (${frame.file}:${frame.line}:${frame.column})`;

function StackTraceView({ title, frames }: StackTracePanelProps) {
  const crash = frames[0];
  usePageContext(
    {
      // The exception is the title, already in the parent node: not repeated here.
      frames: frames.length,
      inAppFrames: frames.filter((frame) => frame.inApp).length,
      crashFrame: crash ? frameLine(crash) : null,
      crashedAt: crash?.code ?? null,
    },
    { details: () => frames },
  );
  return (
    <section className="panel stack-trace">
      <h2>Stack trace</h2>
      <p className="exception">{title}</p>
      <ol>
        {frames.map((frame, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: frames repeat (a recursive render loop) and never reorder
            key={`${index}:${frame.file}:${frame.line}`}
            className={frame.inApp ? 'in-app' : 'library'}
          >
            <code>
              at {frame.fn} ({frame.file}:{frame.line}:{frame.column})
            </code>
            {frame.inApp ? <span className="badge">In App</span> : null}
            {frame.context ? (
              <pre>
                {frame.context
                  .map(({ line, code }) => `${line === frame.line ? '>' : ' '} ${line} | ${code}`)
                  .join('\n')}
              </pre>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The stack trace panel, opted in as a `stack-trace` node. */
export const StackTracePanel = withPageContext('stack-trace', StackTraceView, {
  priority: 5,
  id: () => 'stack-trace',
});
