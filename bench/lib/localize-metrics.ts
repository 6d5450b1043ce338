/**
 * Scoring of one localization against a case's gold: the rank of the first gold file, the gold
 * function's span (the smallest function or method enclosing what the fix changed, or the
 * definition the case names), and whether the best-ranked suspect in a gold file overlaps it.
 */
import type { Definition, RepositoryIndex } from '@sightline/codebase';
import type { Suspect } from '@sightline/investigator';
import type { DevGold } from './localize-cases.js';

const CALLABLE = new Set(['function', 'method', 'macro']);

/**
 * Rank (1-based) of the first path that is a gold file, or 0 when none is listed.
 * @param paths - ranked paths.
 * @param gold - the case's gold locations.
 */
export function rankOf(paths: readonly string[], gold: readonly DevGold[]): number {
  return paths.findIndex((file) => gold.some((span) => span.file === file)) + 1;
}

function size(definition: Definition): number {
  return definition.lines[1] - definition.lines[0];
}

/** The smallest callable (else any definition) of `file` enclosing `[start, end]`. */
function enclosing(definitions: readonly Definition[], [start, end]: [number, number]) {
  const around = definitions
    .filter((definition) => definition.lines[0] <= start && end <= definition.lines[1])
    .sort((a, b) => size(a) - size(b));
  return around.find((definition) => CALLABLE.has(definition.kind)) ?? around[0];
}

/**
 * The gold spans of a case in an index: per gold file, the lines of the function the fix
 * changed. A change outside any definition (an import, a top-level statement) counts as its own
 * lines.
 * @param gold - the case's gold locations.
 * @param index - the index of the measured revision.
 * @returns `[file, [start, end]]` pairs.
 */
export function goldSpans(
  gold: readonly DevGold[],
  index: RepositoryIndex,
): { file: string; lines: [number, number] }[] {
  const spans: { file: string; lines: [number, number] }[] = [];
  for (const entry of gold) {
    const definitions = index.files.get(entry.file)?.definitions ?? [];
    if (entry.lines) spans.push({ file: entry.file, lines: entry.lines });
    for (const changed of entry.changed ?? []) {
      const definition = enclosing(definitions, changed);
      spans.push({ file: entry.file, lines: definition ? [...definition.lines] : changed });
    }
    if (entry.symbol) {
      const name = entry.symbol.split(/[.#]/).filter(Boolean).at(-1) ?? entry.symbol;
      const named = definitions.filter(
        (definition) => definition.name === name || definition.name === `#${name}`,
      );
      for (const definition of named)
        spans.push({ file: entry.file, lines: [...definition.lines] });
    }
  }
  return spans;
}

/** Line overlap of the best-ranked suspect lying in a gold file. */
export interface SpanMatch {
  /** Whether a suspect in a gold file overlaps a gold span. */
  overlap: boolean;
  /** Intersection over union (lines) with the best-overlapping gold span. */
  iou: number;
  /** Lines of that suspect's range (0 when no suspect lies in a gold file). */
  suspectLines: number;
}

/**
 * Compares the best-ranked suspect in a gold file with the gold spans of that file.
 * @param suspects - the ranking.
 * @param spans - from {@link goldSpans}.
 */
export function spanMatch(
  suspects: readonly Suspect[],
  spans: readonly { file: string; lines: [number, number] }[],
): SpanMatch {
  const suspect = suspects.find((candidate) => spans.some((span) => span.file === candidate.path));
  if (!suspect) return { overlap: false, iou: 0, suspectLines: 0 };
  const [start, end] = suspect.lines;
  let best = 0;
  for (const span of spans.filter((candidate) => candidate.file === suspect.path)) {
    const intersection = Math.max(
      0,
      Math.min(end, span.lines[1]) - Math.max(start, span.lines[0]) + 1,
    );
    const union = Math.max(end, span.lines[1]) - Math.min(start, span.lines[0]) + 1;
    best = Math.max(best, intersection / union);
  }
  return { overlap: best > 0, iou: best, suspectLines: end - start + 1 };
}

/**
 * Share of ranks within the top `k`.
 * @param ranks - 1-based ranks, 0 for a miss.
 * @param k - cut-off.
 * @returns a fraction, 0 for an empty list.
 */
export function accuracy(ranks: readonly number[], k: number): number {
  if (ranks.length === 0) return 0;
  return ranks.filter((rank) => rank > 0 && rank <= k).length / ranks.length;
}
