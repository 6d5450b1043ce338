/**
 * Repository code around a line (a stack frame's, an evidence quote's), read by the service
 * through its sandbox and secret gate, with the line (or the quoted lines) marked. While it loads,
 * or when the service shows none (a secret or missing file), the fallback stands in with the
 * reason beside it.
 */
import type { ReactNode } from 'react';
import { useCodeContext } from '../api/queries.js';
import { CodeBlock } from './code-block.js';

/** Props of {@link CodeContext}. */
export interface CodeContextProps {
  project: string;
  /** Repository-relative path. */
  path: string;
  /** 1-based line the context is centred on. */
  line: number;
  /** Lines to mark, 1-based inclusive. Default: `[line, line]`. */
  marked?: [number, number];
  /** Shown while loading and when no code can be shown. */
  fallback?: ReactNode;
}

/** Code around `line` of `path`, the marked lines carrying `data-marked`. */
export function CodeContext({ project, path, line, marked, fallback = null }: CodeContextProps) {
  const context = useCodeContext(project, path, line);
  if (context.isPending) return <>{fallback}</>;
  if (context.isError) {
    return (
      <>
        {fallback}
        <p className="muted code-note">Code not loaded: {context.error.message}</p>
      </>
    );
  }
  const answer = context.data;
  if (!answer.ok) {
    return (
      <>
        {fallback}
        <p className="muted code-note">{answer.reason}</p>
      </>
    );
  }
  return (
    <>
      <CodeBlock
        code={answer.lines.join('\n')}
        path={answer.path}
        firstLine={answer.start}
        marked={marked ?? [answer.line, answer.line]}
      />
      {answer.withheld.length > 0 ? (
        <p className="muted code-note">
          {answer.withheld.length === 1 ? 'A line' : `${answer.withheld.length} lines`} withheld:
          they look like secrets.
        </p>
      ) : null}
    </>
  );
}
