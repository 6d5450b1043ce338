/**
 * Whether an upstream edit changed what an investigation reads: its trace (exceptions and
 * frames), the code-like tokens and file paths it names, or its words beyond a light rewording.
 * A cosmetic edit (typo, formatting, labels, whitespace) does not cost an investigation.
 */
import type { Report } from '../adapters/investigator.js';

/** Word-set Jaccard similarity below which an edited text counts as rewritten. */
export const REWRITTEN_BELOW = 0.8;

/** True when the investigation would read something new in `after` compared with `before`. */
export function investigationInputChanged(before: Report | undefined, after: Report): boolean {
  if (!before) return true;
  if (traceOf(before) !== traceOf(after)) return true;
  if (!sameSet(before.identifiers, after.identifiers) || !sameSet(before.paths, after.paths)) {
    return true;
  }
  return jaccard(words(before), words(after)) < REWRITTEN_BELOW;
}

function traceOf(report: Report): string {
  const frames = (list: Report['stack']) =>
    (list ?? []).map((frame) => `${frame.file ?? ''}:${frame.line ?? ''}:${frame.function ?? ''}`);
  return JSON.stringify([
    report.exceptions.map((exception) => [
      exception.type,
      exception.message,
      frames(exception.frames),
    ]),
    frames(report.stack),
  ]);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

function words(report: Report): Set<string> {
  return new Set(
    `${report.title ?? ''} ${report.body}`.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [],
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}
