/**
 * Where text marks code with backticks, found as CommonMark pairs them: a backtick run opens a
 * code span closed by the next run of the same length; a run with no such closer is literal. The
 * one reading of inline code shared by the Markdown renderers (which show the spans as code and
 * escape the rest) and the console (which shows them as `<code>`).
 */

/** A piece of text: code (a code span's content) or the prose around it. */
export interface TextPart {
  code: boolean;
  text: string;
}

/**
 * Splits `text` into its code spans and the prose between them. A span's content loses one space
 * on each side when it has both and is not all spaces (CommonMark's rule); line breaks are kept
 * as written. Time linear in the text.
 * @param text prose that may hold code spans.
 * @returns the parts in order, none empty; `[]` for empty text.
 * @example splitCodeSpans('calls `parse` twice') // [{code: false, text: 'calls '}, {code: true, text: 'parse'}, {code: false, text: ' twice'}]
 */
export function splitCodeSpans(text: string): TextPart[] {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
  // The next run of the same length after each run (-1: none), found in one pass from the end.
  const closer = new Array<number>(runs.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let at = runs.length - 1; at >= 0; at -= 1) {
    const length = (runs[at]?.end ?? 0) - (runs[at]?.start ?? 0);
    closer[at] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, at);
  }
  const parts: TextPart[] = [];
  const prose = (to: number) => {
    if (to > from) parts.push({ code: false, text: text.slice(from, to) });
  };
  let from = 0;
  runs.forEach((open, at) => {
    const close = runs[closer[at] ?? -1];
    if (open.start < from || !close) return;
    prose(open.start);
    const code = text.slice(open.end, close.start);
    const padded = code.startsWith(' ') && code.endsWith(' ') && /[^ ]/.test(code);
    parts.push({ code: true, text: padded ? code.slice(1, -1) : code });
    from = close.end;
  });
  prose(text.length);
  return parts;
}
