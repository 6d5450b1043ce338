/**
 * Text that marks code with backticks — a root cause, an explanation, a suspect's sentence — shown
 * with each code span as `<code>` and the rest as text (React escapes it). The same reading of
 * inline code as the Markdown renderers' (`splitCodeSpans`), so the console and a copied report
 * agree on what is code.
 */
import { splitCodeSpans } from '@sightline/core';

/** `text` with its code spans as `<code>` elements. */
export function ProseText({ text }: { text: string }) {
  let offset = 0;
  const parts = splitCodeSpans(text).map((part) => {
    const at = offset;
    offset += part.text.length;
    return part.code ? <code key={at}>{part.text}</code> : part.text;
  });
  return <>{parts}</>;
}
