/**
 * Where a missing value should have been set (failure class 1 of issue #33). When a null or
 * undefined value is dereferenced, the throw site only surfaced the failure; the fix is often in
 * the code that should have assigned the value — a subclass's lifecycle method (`onCreate`,
 * `componentDidMount`), a constructor, the caller that built it. The names dereferenced on the
 * throw site's line (`this.summary.total` → `summary`) are looked up as assignment targets
 * (`this.summary = …`, `summary = …`, `@summary = …`) in the source files of the throw site's
 * language family; each name's writers share its credit, as a name's definers do.
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { languageFamily } from './cross-language.js';
import { readSourceLines } from './function-shape.js';
import { collectLineSites, type LineSites } from './line-sites.js';

/** Error types and messages that say a missing value was dereferenced, across languages. */
const NULL_DEREFERENCE =
  /cannot read propert(?:y|ies) of (?:undefined|null)|cannot set propert(?:y|ies) of (?:undefined|null)|\bis (?:undefined|null|not an object)\b|null object reference|NullPointerException|NullReferenceException|'NoneType' object|nil pointer dereference|unexpectedly found nil|on a `None` value|for nil(?::NilClass)?\b|on null\b/i;

/** A name dereferenced with `.`, `?.`, `!!.` or `->`: the receiver of a member access. */
const RECEIVER = /(?<![\w$])\d*([A-Za-z_$][\w$]*)\s*(?:\?|!!)?(?:\.|->)\s*(?=[A-Za-z_$#])/g;
/** Receivers that are the object itself or a module, not a value someone assigns. */
const NOT_VALUES = new Set(['this', 'self', 'super', 'window', 'document', 'console', 'Math']);
/** Names shorter than this (`a`, `el`) are too generic to look up. */
const MIN_NAME_LENGTH = 3;
/**
 * A name assigned in more files than this is a common local variable name, not one value's
 * writers; it credits nothing.
 */
const MAX_WRITERS = 20;

/**
 * Whether an exception says a missing value was dereferenced.
 * @param exception - its type and message.
 */
export function isNullDereference(exception: { type: string; message: string }): boolean {
  return NULL_DEREFERENCE.test(`${exception.type}: ${exception.message}`);
}

/**
 * The names a line of code dereferences (`this.summary.total.toFixed(2)` → `summary`, `total`):
 * receivers of member accesses, without `this`/`self` and names starting with a capital (types).
 * @param line - one line of source.
 * @returns the names, deduplicated, in order.
 */
export function dereferencedNames(line: string): string[] {
  const names = [...line.matchAll(RECEIVER)].map(([, name = '']) => name);
  return [
    ...new Set(
      names.filter(
        (name) => name.length >= MIN_NAME_LENGTH && !NOT_VALUES.has(name) && !/^[A-Z]/.test(name),
      ),
    ),
  ];
}

/** One file assigning a dereferenced name. */
export interface ValueWriter {
  /** The name assigned. */
  name: string;
  /** The first assigning line, 1-based. */
  line: number;
  /** The file's share of the name's credit, in (0, 1]. */
  share: number;
}

/** An assignment to a plain name (`summary = …`, `this.summary = …`, `@summary = …`), not `==`, `=>`, `+=`. */
const ASSIGNMENT = /(?<![\w$.])(?:this\.|self\.|@)?([A-Za-z_$][\w$]*)\s*=(?![=>])/g;

/** Per index (one repository revision) and language family, its assignment sites. */
const assignmentCache = new WeakMap<RepositoryIndex, Map<string, LineSites>>();

/**
 * The assignment sites of an index's source files of one language family, built on first use and
 * cached per index, so each report against the same repository revision only looks names up.
 * @param index - the repository index (files read from `index.root`; withheld secret lines skipped).
 * @param family - a language family from `languageFamily`.
 * @returns per assigned name, the files assigning it and the first such line.
 */
export function assignmentSites(index: RepositoryIndex, family: string): LineSites {
  let families = assignmentCache.get(index);
  if (!families) {
    families = new Map();
    assignmentCache.set(index, families);
  }
  const cached = families.get(family);
  if (cached) return cached;
  const sites = collectLineSites(index, {
    include: (file) => languageFamily(file.path) === family,
    namesOnLine: (line) => [...line.matchAll(ASSIGNMENT)].map(([, name = '']) => name),
  });
  families.set(family, sites);
  return sites;
}

/**
 * The source files, other than the throw site's, that assign a name the throw site dereferences.
 * The assignment sites are read once per index and language family ({@link assignmentSites}).
 * @param index - the repository index (files read from `index.root`).
 * @param throwSite - the innermost in-app frame's file and 1-based line.
 * @returns per file, its best-credited name with the first line assigning it.
 */
export function valueWriters(
  index: RepositoryIndex,
  throwSite: { path: string; line: number },
): Map<string, ValueWriter> {
  const found = new Map<string, ValueWriter>();
  const names = dereferencedNames(readSourceLines(index, throwSite.path)[throwSite.line - 1] ?? '');
  const family = languageFamily(throwSite.path);
  if (names.length === 0 || !family) return found;
  const sites = assignmentSites(index, family);
  for (const name of names) {
    const files = [...(sites.get(name) ?? [])].filter(([file]) => file !== throwSite.path);
    if (files.length > MAX_WRITERS) continue;
    for (const [file, line] of files) {
      const share = 1 / files.length;
      if (share > (found.get(file)?.share ?? 0)) found.set(file, { name, line, share });
    }
  }
  return found;
}
