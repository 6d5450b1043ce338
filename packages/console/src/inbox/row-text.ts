/**
 * The words of an inbox row: its culprit and where it happens (its investigation's words are
 * `investigationWords` of `@sightline/service/vocabulary`, shared with `serve --demo`).
 */
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
