/**
 * Looks a symbol up in the repository index: the `find_symbol` tool, the localizer and the
 * CLI use it to go from a name in a report or stack frame to the code that defines it.
 */
import { fileRole } from '../repository/file-role.js';
import { codeFoldersOf } from './code-folders.js';
import {
  DEFINITION_KINDS,
  type Definition,
  type DefinitionKind,
  type RepositoryIndex,
} from './types.js';

/** Options of {@link findDefinitions}. */
export interface FindDefinitionsOptions {
  /** Only definitions of this kind. Default any kind. */
  kind?: DefinitionKind;
}

/** 1 for tests, fixtures and other auxiliary code, whose definitions are listed last; else 0. */
function demoted(path: string, codeFolders: ReadonlySet<string>): number {
  const role = fileRole(path, null, codeFolders);
  return role === 'test' || role === 'auxiliary' ? 1 : 0;
}

/** Source before tests and auxiliary code, then by kind, path and line. */
function compareIn(codeFolders: ReadonlySet<string>): (a: Definition, b: Definition) => number {
  return (a, b) =>
    demoted(a.path, codeFolders) - demoted(b.path, codeFolders) ||
    DEFINITION_KINDS.indexOf(a.kind) - DEFINITION_KINDS.indexOf(b.kind) ||
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
    a.lines[0] - b.lines[0];
}

/** True when `scope` ends with `qualifier` (compared case-sensitively or not). */
function scopeEndsWith(
  scope: string[],
  qualifier: string[],
  fold: (value: string) => string,
): boolean {
  if (qualifier.length > scope.length) return false;
  const offset = scope.length - qualifier.length;
  return qualifier.every((part, index) => fold(scope[offset + index] ?? '') === fold(part));
}

/**
 * Finds the definitions of a name. A qualified name (`Parser.parse`, `Store::new`, `Cache#get`)
 * matches definitions of its last part whose scope ends with the rest. Exact (case-sensitive)
 * matches are returned when there are any; otherwise case-insensitive ones.
 * @param index the repository index.
 * @param name the symbol, plain or qualified.
 * @param options filter by kind.
 * @returns matches, source before tests, then by kind (types, functions, methods, values), path and line.
 */
export function findDefinitions(
  index: RepositoryIndex,
  name: string,
  { kind }: FindDefinitionsOptions = {},
): Definition[] {
  const parts = name
    .trim()
    .split(/\.|::|#/)
    .filter((part) => part !== '');
  const last = parts.pop();
  if (!last) return [];
  const exact: Definition[] = [];
  const folded: Definition[] = [];
  const lower = last.toLowerCase();
  const toLower = (value: string) => value.toLowerCase();
  const same = (value: string) => value;
  for (const file of index.files.values()) {
    for (const definition of file.definitions) {
      if (kind && definition.kind !== kind) continue;
      if (definition.name === last && scopeEndsWith(definition.scope, parts, same)) {
        exact.push(definition);
      } else if (
        exact.length === 0 &&
        definition.name.toLowerCase() === lower &&
        scopeEndsWith(definition.scope, parts, toLower)
      ) {
        folded.push(definition);
      }
    }
  }
  return (exact.length > 0 ? exact : folded).sort(compareIn(codeFoldersOf(index)));
}
