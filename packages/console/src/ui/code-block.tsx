/**
 * Code quoted from the repository, highlighted by Shiki (grammars and the theme load on demand),
 * with the repository's 1-based line numbers in the gutter. Until Shiki is ready, or for a
 * language it does not know, the same lines show plain.
 */
import { useEffect, useState } from 'react';
import type { ThemedToken } from 'shiki/core';
import { highlight } from './highlighter.js';

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  code: string;
  /** File path (picks the grammar). */
  path: string;
  /** Line number of the first line, 1-based. */
  firstLine: number;
  /** Lines to mark, 1-based inclusive, e.g. the affected range. */
  marked?: [number, number];
}

/** A quote with line numbers; marked lines carry `data-marked`. */
export function CodeBlock({ code, path, firstLine, marked }: CodeBlockProps) {
  const lines = code.replace(/\n$/, '').split('\n');
  const [tokens, setTokens] = useState<ThemedToken[][] | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    highlight(code, path)
      .then((result) => {
        if (!cancelled) setTokens(result);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [code, path]);
  return (
    // Focusable so its horizontal scroll works from the keyboard (narrow screens).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
    <pre className="code" data-path={path} tabIndex={0}>
      <code>
        {lines.map((line, index) => {
          const number = firstLine + index;
          const isMarked = marked ? number >= marked[0] && number <= marked[1] : false;
          return (
            <span
              key={number}
              className="code-line"
              data-line={number}
              data-marked={isMarked || undefined}
            >
              <span className="gutter" aria-hidden="true">
                {number}
              </span>
              {tokens?.[index]
                ? tokens[index].map((token, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: tokens of one line never reorder
                    <span key={at} style={{ color: token.color }}>
                      {token.content}
                    </span>
                  ))
                : line}
              {'\n'}
            </span>
          );
        })}
      </code>
    </pre>
  );
}
