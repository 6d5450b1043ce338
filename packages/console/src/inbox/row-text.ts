/** The words of an inbox row: its culprit, where it happens, and its investigation in one word or two. */
import type { InboxRow } from '../api/types.js';

/** `addItem · src/cart.js:42` (function, file, 1-based line; each when known). */
export function culpritText(culprit: NonNullable<InboxRow['culprit']>): string {
  const place = culprit.line ? `${culprit.file}:${culprit.line}` : culprit.file;
  return culprit.function ? `${culprit.function} · ${place}` : place;
}

/** `2.13.0, 2.12.1 · android · production`: releases, platforms, environments (empty: ''). */
export function whereText(row: Pick<InboxRow, 'releases' | 'platforms' | 'environments'>): string {
  return [row.releases, row.platforms, row.environments]
    .filter((values) => values.length > 0)
    .map((values) => values.join(', '))
    .join(' · ');
}

/** The investigation of a row as a triager reads it: `diagnosed`, `investigating`, … */
export function investigationWords(
  row: Pick<InboxRow, 'investigation' | 'latestDiagnosisVersion'>,
): string {
  switch (row.investigation.state) {
    case 'queued':
      return row.latestDiagnosisVersion > 0 ? 'diagnosed · re-run queued' : 'queued';
    case 'running':
      return row.latestDiagnosisVersion > 0 ? 'diagnosed · re-running' : 'investigating';
    case 'done':
      return row.latestDiagnosisVersion > 0 ? 'diagnosed' : 'no diagnosis';
    case 'failed':
      return 'investigation failed';
    case 'not-investigated':
      return 'not investigated';
  }
}
