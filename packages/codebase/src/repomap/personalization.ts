/**
 * Turns a {@link Focus} (what a report is about) into the personalization vector of PageRank, so
 * that rank flows from the files the report points at. Stack frames weigh most, the innermost
 * frame most of all; then files the report names; then files that define, or are named after,
 * identifiers it mentions (the file-name match is aider's, Aider-AI/aider `aider/repomap.py`).
 * Unlike aider, a small uniform background stays in the vector, so files far from the focus still
 * order by the repository's structure instead of all tying at zero.
 */
import type { ReferenceGraph } from './graph.js';
import type { Focus } from './types.js';

/**
 * Weights of the personalization vector. A frame at position `i` (0 = innermost) weighs
 * `frame + innermostBonus / (i + 1)`: 4, 3, 2.67, … down towards 2, so every frame outweighs a
 * mentioned path (1). Each mentioned identifier spreads `definedIdentifier` over the files that
 * define it, and adds `namedFile` to files whose name (with or without extension) or folder
 * equals it. `background` is the share of the vector spread uniformly over all files. These
 * numbers are Sightline's own choice.
 */
export const FOCUS_WEIGHTS = {
  background: 0.05,
  frame: 2,
  innermostBonus: 2,
  path: 1,
  definedIdentifier: 1,
  namedFile: 1,
} as const;

/**
 * Computes the personalization vector of a focus.
 * @param graph - the reference graph (its nodes are the files that can receive weight).
 * @param focus - frames are read innermost first; paths must be repository-relative. Default none.
 * @returns the teleport probability of every file (summing to 1), or an empty map when the focus
 *   matches no file (PageRank then teleports uniformly). Before normalization, a file in several
 *   frames keeps its highest frame weight and the other contributions add up; then the focus
 *   weights share `1 − background` and every file gets `background / files`.
 */
export function focusPersonalization(
  graph: ReferenceGraph,
  focus: Focus = {},
): Map<string, number> {
  const weights = new Map<string, number>();
  const files = new Set(graph.files);
  const add = (path: string, weight: number) => {
    if (files.has(path)) weights.set(path, (weights.get(path) ?? 0) + weight);
  };

  const frameWeights = new Map<string, number>();
  (focus.frames ?? []).forEach((frame, i) => {
    const weight = FOCUS_WEIGHTS.frame + FOCUS_WEIGHTS.innermostBonus / (i + 1);
    frameWeights.set(frame.path, Math.max(frameWeights.get(frame.path) ?? 0, weight));
  });
  for (const [path, weight] of frameWeights) add(path, weight);

  for (const path of new Set(focus.paths ?? [])) add(path, FOCUS_WEIGHTS.path);

  const identifiers = new Set(focus.identifiers ?? []);
  for (const identifier of identifiers) {
    const definingFiles = graph.definers.get(identifier);
    if (definingFiles === undefined) continue;
    for (const path of definingFiles)
      add(path, FOCUS_WEIGHTS.definedIdentifier / definingFiles.size);
  }
  if (identifiers.size > 0) {
    for (const path of files) {
      if (pathNames(path).some((name) => identifiers.has(name))) add(path, FOCUS_WEIGHTS.namedFile);
    }
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return new Map();
  const background = FOCUS_WEIGHTS.background / files.size;
  return new Map(
    graph.files.map((path) => [
      path,
      background + ((weights.get(path) ?? 0) / total) * (1 - FOCUS_WEIGHTS.background),
    ]),
  );
}

/** Folder names, the file name, and the file name without its extension. */
function pathNames(path: string): string[] {
  const parts = path.split('/');
  const fileName = parts.at(-1) ?? '';
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? [...parts, fileName.slice(0, dot)] : parts;
}
