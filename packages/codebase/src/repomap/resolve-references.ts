/**
 * Which files a reference credits. By default, as in aider's repository map, a name credits every
 * file that defines it. Where the grammar gives packages and imports (Go), a reference is resolved
 * the way the compiler scopes it (The Go Programming Language Specification, "Declarations and
 * scope", "Qualified identifiers", "Selectors"):
 *
 * - an unqualified name means a definition in the file's own package (its folder); builtins and
 *   names nothing in the package defines credit nobody;
 * - `pkg.Name`, where `pkg` is an import, means the folder that import resolves to in this
 *   repository; an import of the standard library or of another module credits nobody;
 * - `value.Name` (any other operand) is a method or field of some type: it credits the files
 *   defining a method or field of that name, shared among them, so a common method name (`String`,
 *   `Close`) is not credited in full to every definition.
 *
 * Platform twins ({@link platformStem}) share one credit.
 */
import { platformStem } from './platform-twins.js';
import type { ImportSpec, IndexedFile, Reference, RepositoryIndex } from './types.js';

/** The references of one file to one name that resolve to the same files. */
export interface ReferenceGroup {
  name: string;
  /** The referencing file. */
  referencer: string;
  /** How many references. */
  count: number;
  /** Files credited, each with its share of the credit (in (0, 1]); never the referencer. */
  targets: ReadonlyMap<string, number>;
  /** True when the reference was resolved through packages and imports, not by name alone. */
  resolved: boolean;
}

const MEMBER_KINDS = new Set(['method', 'field']);

/** The folder of a repository-relative path (`''` at the root). */
export function folderOf(filePath: string): string {
  const slash = filePath.lastIndexOf('/');
  return slash === -1 ? '' : filePath.slice(0, slash);
}

/** The package name an import is used under when it has no alias: its last path element. */
function defaultImportName(importPath: string): string {
  const parts = importPath.split('/').filter((part) => !/^v\d+$/.test(part));
  return (parts.at(-1) ?? importPath)
    .replace(/\.v\d+$/, '')
    .replace(/^go-|[-.]go$/g, '')
    .replace(/[^\p{L}\p{N}_]/gu, '');
}

/** The repository's Go packages: folders, their package names and the module path. */
interface GoPackages {
  /** Folder → package name (of its non-test files). */
  folders: Map<string, string>;
  /** The module path imports of this repository start with, when any import resolves. */
  module?: string;
  /** Name → Go files defining a method or field of that name. */
  members: Map<string, Set<string>>;
}

function isGoFile(file: IndexedFile | undefined): boolean {
  return file?.language === 'go' && file.package !== undefined;
}

/**
 * The module path, estimated from the imports: for each import whose first element is a domain,
 * the prefix left when its longest suffix naming a package folder of this repository is removed;
 * the most frequent prefix wins (go.mod is not part of the index).
 */
function estimateModule(index: RepositoryIndex, folders: ReadonlyMap<string, string>) {
  const counts = new Map<string, number>();
  for (const file of index.files.values()) {
    for (const { path: importPath } of file.imports ?? []) {
      const parts = importPath.split('/');
      if (!parts[0]?.includes('.')) continue;
      for (let cut = 1; cut <= parts.length; cut++) {
        if (!folders.has(parts.slice(cut).join('/'))) continue;
        const prefix = parts.slice(0, cut).join('/');
        counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
        break;
      }
    }
  }
  let best: string | undefined;
  for (const [prefix, count] of counts) if (!best || count > (counts.get(best) ?? 0)) best = prefix;
  return best;
}

function goPackages(index: RepositoryIndex): GoPackages {
  const folders = new Map<string, string>();
  const members = new Map<string, Set<string>>();
  for (const file of index.files.values()) {
    if (!isGoFile(file)) continue;
    const folder = folderOf(file.path);
    const name = (file.package as string).replace(/_test$/, '');
    if (!folders.has(folder) || !file.path.endsWith('_test.go')) folders.set(folder, name);
    for (const definition of file.definitions) {
      if (!MEMBER_KINDS.has(definition.kind) || definition.scope.length === 0) continue;
      const files = members.get(definition.name) ?? new Set<string>();
      members.set(definition.name, files.add(file.path));
    }
  }
  return { folders, members, module: estimateModule(index, folders) };
}

/** The folder an import names in this repository, or `null` for another module's package. */
function importFolder(importPath: string, packages: GoPackages): string | null {
  const { module } = packages;
  if (module === undefined) return null;
  const rest =
    importPath === module
      ? ''
      : importPath.startsWith(`${module}/`)
        ? importPath.slice(module.length + 1)
        : null;
  return rest !== null && packages.folders.has(rest) ? rest : null;
}

/**
 * Resolves the Go references of one file. Returns a function from a reference to the folder whose
 * definitions it means (`string`), the member table (`'member'`), or nothing (`null`).
 */
function goResolver(
  file: IndexedFile,
  packages: GoPackages,
): (reference: Reference) => string | 'member' | null {
  const own = folderOf(file.path);
  const imported = new Map<string, string | null>();
  const dotImports: string[] = [];
  for (const spec of file.imports ?? ([] as ImportSpec[])) {
    const folder = importFolder(spec.path, packages);
    if (spec.alias === '.') {
      if (folder !== null) dotImports.push(folder);
      continue;
    }
    if (spec.alias === '_') continue;
    const name =
      spec.alias ??
      (folder !== null ? packages.folders.get(folder) : undefined) ??
      defaultImportName(spec.path);
    imported.set(name, folder);
  }
  return (reference) => {
    if (reference.qualifier === undefined) return own;
    if (imported.has(reference.qualifier)) return imported.get(reference.qualifier) ?? null;
    return dotImports.length > 0 && /^\p{Lu}/u.test(reference.name)
      ? (dotImports[0] ?? null)
      : 'member';
  };
}

/** Splits a credit of 1 among files: equally among candidates, then among platform twins. */
function shares(files: Iterable<string>, referencer: string, split: boolean): Map<string, number> {
  const byStem = new Map<string, string[]>();
  for (const file of files) {
    if (file === referencer) continue;
    const stem = platformStem(file);
    byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
  }
  const result = new Map<string, number>();
  const each = split && byStem.size > 1 ? 1 / byStem.size : 1;
  for (const twins of byStem.values())
    for (const file of twins) result.set(file, each / twins.length);
  return result;
}

/**
 * Groups every reference of the index by (referencing file, name, files credited).
 * @param index - the repository index.
 * @param definers - files defining each name.
 * @returns the groups; a reference that credits no file is left out.
 */
export function referenceGroups(
  index: RepositoryIndex,
  definers: ReadonlyMap<string, ReadonlySet<string>>,
): ReferenceGroup[] {
  const packages = goPackages(index);
  const groups: ReferenceGroup[] = [];
  for (const file of index.files.values()) {
    const resolve = isGoFile(file) ? goResolver(file, packages) : undefined;
    const counts = new Map<string, { name: string; target: string | null; count: number }>();
    for (const reference of file.references) {
      if (!definers.has(reference.name)) continue;
      const target = resolve ? resolve(reference) : '*';
      if (target === null) continue;
      const key = `${reference.name}\0${target}`;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { name: reference.name, target, count: 1 });
    }
    for (const { name, target, count } of counts.values()) {
      const all = definers.get(name) as ReadonlySet<string>;
      let candidates: Iterable<string> = all;
      if (target === 'member') candidates = packages.members.get(name) ?? [];
      else if (target !== '*') {
        candidates = [...all].filter(
          (path) => folderOf(path) === target && isGoFile(index.files.get(path)),
        );
      }
      const targets = shares(candidates, file.path, target === 'member');
      if (targets.size > 0) {
        groups.push({ name, referencer: file.path, count, targets, resolved: target !== '*' });
      }
    }
  }
  return groups;
}
