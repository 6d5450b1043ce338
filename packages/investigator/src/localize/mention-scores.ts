/**
 * Scores the definitions an error message names ({@link messageMentions}): a member of a named
 * type (`RST.__init__`, `Widget::resize`) is found among the definitions scoped under that type or
 * in the file that defines it; a member or type named alone counts for each file defining it,
 * shared among them (a name defined in one file is strong evidence, one defined in twenty is not).
 */
import type { Definition, RepositoryIndex } from '@sightline/codebase';
import type { ReferenceGraph } from '@sightline/codebase/internal';
import { codeSpan } from '../diagnosis/markdown-text.js';
import { isThirdPartyAsset } from './file-roles.js';
import type { MessageMention } from './message-mentions.js';
import { type ChosenRange, rangeOfDefinition } from './suspect-range.js';

/** One file's message score. */
export interface MentionScore {
  /** In [0, 1]. */
  score: number;
  reason: string;
  /** The named member's (or type's) definition in this file. */
  range?: ChosenRange;
}

/** A type named without a member, found in its defining file, counts this much. */
const TYPE_ONLY = 0.7;
const TYPE_KINDS = new Set(['class', 'interface', 'type', 'enum', 'module']);

function definitionsNamed(
  index: RepositoryIndex,
  graph: ReferenceGraph,
  name: string,
): Definition[] {
  return [...(graph.definers.get(name) ?? [])]
    .filter((path) => !isThirdPartyAsset(path))
    .flatMap((path) =>
      (index.files.get(path)?.definitions ?? []).filter((definition) => definition.name === name),
    );
}

function describe({ type, member }: MessageMention): string {
  return codeSpan(type && member ? `${type}.${member}` : (type ?? member ?? ''));
}

/**
 * Scores the files defining what the error messages name.
 * @param index - the repository index.
 * @param graph - its reference graph (for the definers of each name).
 * @param mentions - from the report's messages and prose.
 * @returns per file, the best score with its reason and range.
 */
export function scoreMentions(
  index: RepositoryIndex,
  graph: ReferenceGraph,
  mentions: readonly MessageMention[],
): Map<string, MentionScore> {
  const scores = new Map<string, MentionScore>();
  const offer = (definition: Definition, score: number, mention: MessageMention) => {
    const current = scores.get(definition.path);
    if (current && current.score >= score) return;
    const file = index.files.get(definition.path);
    scores.set(definition.path, {
      score,
      reason: `defines ${describe(mention)}, named by the ${mention.scopedOnly ? 'report' : 'error message'}`,
      ...(file ? { range: rangeOfDefinition(file, definition) } : {}),
    });
  };
  for (const mention of mentions) {
    const types = mention.type
      ? definitionsNamed(index, graph, mention.type).filter((definition) =>
          TYPE_KINDS.has(definition.kind),
        )
      : [];
    const members = mention.member ? definitionsNamed(index, graph, mention.member) : [];
    if (mention.type && mention.member) {
      const typeFiles = new Set(types.map((definition) => definition.path));
      const scoped = members.filter(
        (definition) =>
          definition.scope.includes(mention.type as string) || typeFiles.has(definition.path),
      );
      if (scoped.length > 0) {
        const files = new Set(scoped.map((definition) => definition.path));
        for (const definition of scoped) offer(definition, 1 / files.size, mention);
        continue;
      }
    }
    if (mention.scopedOnly) continue;
    const named = mention.member && members.length > 0 ? members : types;
    const files = new Set(named.map((definition) => definition.path));
    const weight = named === types ? TYPE_ONLY : 1;
    for (const definition of named) offer(definition, weight / files.size, mention);
  }
  return scores;
}
