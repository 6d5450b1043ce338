/**
 * Which files a name the report mentions credits, and how much: shared among the files defining
 * it, whole for the file named after it, and only the named type's member when the report
 * qualifies it with a type (`TimeUnit.Hour`).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { codeFoldersOf, fileRole, type ReferenceGraph } from '@sightline/codebase/internal';
import { compactName as compact, splitIdentifier } from './code-tokens.js';
import type { ReportSignals } from './report-signals.js';

/**
 * Built once per name table: a graph's `definers` is computed once per index and shared by the
 * graphs of every localize call on it.
 */
const compoundTables = new WeakMap<
  ReferenceGraph['definers'],
  Map<string, Map<string, ReadonlySet<string>>>
>();

/**
 * Names of at least two words, by their lower-cased letters and digits (`html_block` →
 * `htmlblock`), each with its defining files; built once per index.
 */
export function definersByCompound(
  graph: ReferenceGraph,
): Map<string, Map<string, ReadonlySet<string>>> {
  const cached = compoundTables.get(graph.definers);
  if (cached) return cached;
  const table = new Map<string, Map<string, ReadonlySet<string>>>();
  compoundTables.set(graph.definers, table);
  for (const [name, definers] of graph.definers) {
    if (splitIdentifier(name).length < 2) continue;
    const compound = compact(name);
    table.set(compound, (table.get(compound) ?? new Map()).set(name, definers));
  }
  return table;
}

/**
 * The share of a mentioned name's credit each defining file gets. A name defined in many files
 * says little about each, so the credit is shared among them; but a file named after the name
 * (`rules_block/html_block.mjs` for `html_block`, `TypeAdapter.java` for `TypeAdapter`) is where
 * the name lives, while the other definers merely reuse it (a renderer's `html_block` entry):
 * such homes share the whole credit among themselves (aider's repository map also favours files
 * named after a mentioned identifier).
 * @param definers files defining the name.
 * @param name the name as mentioned.
 * @param options.homes false for the function name of a resolved stack frame: the frame already
 *   says where that function is (`main` in `cmd/task/task.go`), so another `main.go` is no home.
 * @returns per file, its share in (0, 1].
 */
export function definerShares(
  definers: ReadonlySet<string>,
  name: string,
  { homes: findHomes = true }: { homes?: boolean } = {},
): Map<string, number> {
  const key = compact(name);
  const homes = new Set(
    [...definers].filter((path) => {
      if (!findHomes) return false;
      const base = path.split('/').at(-1) ?? '';
      return compact(base.slice(0, base.indexOf('.') > 0 ? base.indexOf('.') : undefined)) === key;
    }),
  );
  return new Map(
    [...definers].map((path) => [path, homes.has(path) ? 1 / homes.size : 1 / definers.size]),
  );
}

/** Kinds of definition that name a type, whose members a qualified name (`Type.member`) picks. */
const TYPE_KINDS = new Set(['class', 'interface', 'type', 'enum', 'module']);

/**
 * The files where a member named with its type (`TimeUnit.Hour`) may be defined, when the type
 * is one this repository defines: the definitions of the member scoped under that type or in a
 * file defining it. Other files that happen to define a
 * member of the same name (a fluent `Hour` property elsewhere) are not what the report names.
 * @param index the repository index.
 * @param graph its reference graph.
 * @param member the member's name.
 * @param qualifiers the names the report qualifies it with (`TimeUnit`).
 * @returns the restricted definers, or undefined when no qualifier is a type defined here.
 */
export function qualifiedDefiners(
  index: RepositoryIndex,
  graph: ReferenceGraph,
  member: string,
  qualifiers: ReadonlySet<string>,
): Set<string> | undefined {
  const definesType = (path: string) =>
    index.files
      .get(path)
      ?.definitions.some(
        (definition) => qualifiers.has(definition.name) && TYPE_KINDS.has(definition.kind),
      ) ?? false;
  const typeFiles = new Set(
    [...qualifiers].flatMap((name) => [...(graph.definers.get(name) ?? [])]).filter(definesType),
  );
  if (typeFiles.size === 0) return undefined;
  return new Set(
    [...(graph.definers.get(member) ?? [])].filter(
      (path) =>
        typeFiles.has(path) ||
        index.files
          .get(path)
          ?.definitions.some(
            (definition) =>
              definition.name === member && definition.scope.some((name) => qualifiers.has(name)),
          ),
    ),
  );
}

/**
 * Members the report names as `Qualifier.member` (and not as a stack frame's function), with
 * their qualifiers: `TimeUnit.Hour` → `Hour` ↦ {`TimeUnit`}.
 * @param signals the report's signals.
 * @param frameNames the words of the in-app frames' function names.
 */
export function qualifiedMembers(
  signals: ReportSignals,
  frameNames: ReadonlySet<string>,
): Map<string, Set<string>> {
  const members = new Map<string, Set<string>>();
  for (const identifier of signals.identifiers) {
    const parts = identifier.split(/\.|::/);
    const member = parts.at(-1);
    const qualifier = parts.at(-2);
    if (!member || !qualifier || frameNames.has(member)) continue;
    members.set(member, (members.get(member) ?? new Set()).add(qualifier));
  }
  return members;
}

/** Kinds of definition that a call can reach. */
const CALLABLE_KINDS = new Set(['function', 'method']);
/**
 * A name defined in more files than this passes nothing to its callees: each definer's share
 * would be too small to matter, and a generic name (`get`, `run`) has hundreds of bodies to read.
 */
const MAX_CALLER_DEFINERS = 4;

/**
 * The functions a mentioned definition calls, and the files defining them, with each file's
 * share. A report often names the public entry point it used (`api.extend(…)`, `rule.selectors`)
 * while the fault sits in the helper that entry delegates to (`validateAndMerge`, `list.comma`):
 * every function referenced inside the mentioned definition's lines (in a source file: a
 * declaration file's references are types, not calls) credits the files defining it as a
 * function, shared as the mentioned name's own credit is, then among the callee's definers.
 * @param index the repository index.
 * @param graph its reference graph.
 * @param name the mentioned name.
 * @param definers the files the name's credit went to.
 * @returns per callee file, the callee's name and the file's share in (0, 1]; empty when more
 *   than {@link MAX_CALLER_DEFINERS} files define the name.
 */
export function calleeShares(
  index: RepositoryIndex,
  graph: ReferenceGraph,
  name: string,
  definers: ReadonlySet<string>,
): Map<string, { callee: string; share: number }> {
  const shares = new Map<string, { callee: string; share: number }>();
  if (definers.size > MAX_CALLER_DEFINERS) return shares;
  const codeFolders = codeFoldersOf(index);
  for (const path of definers) {
    const file = index.files.get(path);
    if (fileRole(path, file?.language ?? null, codeFolders) !== 'source') continue;
    const spans = (file?.definitions ?? [])
      .filter((definition) => definition.name === name)
      .map((definition) => definition.lines);
    const callees = new Set(
      (file?.references ?? [])
        .filter(({ line }) => spans.some(([start, end]) => line >= start && line <= end))
        .map((reference) => reference.name)
        .filter((callee) => callee !== name),
    );
    for (const callee of callees) {
      const calleeDefiners = [...(graph.definers.get(callee) ?? [])].filter(
        (calleePath) =>
          calleePath !== path &&
          index.files
            .get(calleePath)
            ?.definitions.some(
              (definition) => definition.name === callee && CALLABLE_KINDS.has(definition.kind),
            ),
      );
      for (const calleePath of calleeDefiners) {
        const share = 1 / definers.size / calleeDefiners.length;
        if (share > (shares.get(calleePath)?.share ?? 0)) shares.set(calleePath, { callee, share });
      }
    }
  }
  return shares;
}
