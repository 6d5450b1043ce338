/**
 * The `find_symbol` code tool: where a name is defined, from the repository index (tree-sitter
 * tags), with the file, the line range, the signature and the enclosing scope of each definition.
 */
import { countFittingItems, pluralize, SightlineError, toToolError } from '@sightline/core';
import { findDefinitions } from '../repomap/find-definitions.js';
import {
  DEFINITION_KINDS,
  type Definition,
  type DefinitionKind,
  type RepositoryIndex,
} from '../repomap/types.js';
import { printablePath } from '../repository/content.js';
import { type CodeToolLimits, DEFAULT_LIMITS } from './limits.js';
import type { CodeToolResult, CodeToolSuccess } from './tool-result.js';
import { nonEmptyText } from './validate-input.js';

/** Options of {@link findSymbol}. */
export interface FindSymbolOptions
  extends Pick<CodeToolLimits, 'maxOutputTokens' | 'maxSymbolResults'> {
  /** Only definitions of this kind. Default any kind. */
  kind?: DefinitionKind;
}

/** Result of {@link findSymbol}. */
export interface FindSymbolResult extends CodeToolSuccess {
  /** Definitions shown, in the order of `findDefinitions`. */
  definitions: Definition[];
  /** True when more definitions exist than are shown. */
  truncated: boolean;
}

function describe(definition: Definition): string {
  const [start, end] = definition.lines;
  const scope = definition.scope.length > 0 ? ` in ${definition.scope.join('.')}` : '';
  return `${printablePath(definition.path)}:${start}-${end}  ${definition.kind} ${definition.name}${scope}\n  ${definition.signature}`;
}

/**
 * Finds the definitions of `name` in a repository index.
 * @param index the repository index (from `indexRepository`).
 * @param name the symbol's name, e.g. `parseReport`, or qualified: `Parser.parse` (1–200 characters).
 * @returns the definitions with their locations, or `INVALID_ARGUMENT` as a {@link ToolError};
 *   never throws.
 * @example await findSymbol(index, 'cartTotal', { kind: 'function' })
 */
export async function findSymbol(
  index: RepositoryIndex,
  name: string,
  {
    kind,
    maxOutputTokens = DEFAULT_LIMITS.maxOutputTokens,
    maxSymbolResults = DEFAULT_LIMITS.maxSymbolResults,
  }: FindSymbolOptions = {},
): Promise<CodeToolResult<FindSymbolResult>> {
  try {
    const symbol = nonEmptyText('name', name, 200).trim();
    if (kind !== undefined && !(DEFINITION_KINDS as readonly string[]).includes(kind)) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `kind must be one of ${DEFINITION_KINDS.join(', ')}; got "${String(kind)}".`,
        details: { kind: String(kind) },
      });
    }
    const found = findDefinitions(index, symbol, kind === undefined ? {} : { kind });
    const ofKind = kind === undefined ? '' : ` of kind ${kind}`;
    if (found.length === 0) {
      return {
        text: `No definition named "${printablePath(symbol)}"${ofKind} in the repository index. Try grep for the name: it may be defined dynamically, in a language the index does not parse, or spelled differently.`,
        definitions: [],
        truncated: false,
      };
    }
    // The index withholds secret files and the signatures on secret lines (scanSecrets).
    const capped = found.slice(0, maxSymbolResults);
    const render = (count: number) => {
      const lines = [
        `${pluralize(found.length, 'definition')} of "${printablePath(symbol)}"${ofKind}:`,
        ...capped.slice(0, count).map(describe),
      ];
      if (count < found.length) {
        lines.push(
          `[Showing ${count} of ${found.length}. Pass kind to narrow them, or grep within a folder.]`,
        );
      }
      return lines.join('\n');
    };
    const shown = countFittingItems(capped.length, maxOutputTokens, render);
    return {
      text: render(shown),
      definitions: capped.slice(0, shown),
      truncated: shown < found.length,
    };
  } catch (error) {
    return toToolError(error);
  }
}
