/**
 * The source files a module's runtime behaviour depends on, for keying caches by the code that
 * computed them (the localization training rows, bench/lib/localize-features.ts) rather than by
 * whole folders: a merge that touches a module the computation never runs then keeps the cache.
 *
 * Static value imports are followed transitively; type-only imports (`import type`, `{ type X }`)
 * are not, since they vanish at run time. A barrel (a module re-exporting others, like a package's
 * `index.ts`) is followed only towards the names asked of it: `import { scoreFiles } from
 * '@sightline/investigator/internal'` reaches `score-files.ts`, not every module the barrel
 * re-exports. A module that defines an asked name is included whole, with everything it imports
 * (module granularity: any of its code may use any of its imports). Workspace packages
 * (`@sightline/x`, `@sightline/x/sub`) resolve to their sources through the `@sightline/source`
 * export condition; other packages are left out (their versions are pinned by the lockfile).
 * Imports are read by regular expressions over the source, enough for this code base's style
 * (ES modules, one statement per import); a form they miss makes the key too small, never wrong
 * for the files it covers.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One import or re-export statement: its specifier and the names it takes (`*`: all). */
interface Edge {
  specifier: string;
  /** The names taken from the target module, as it exports them. */
  names: string[] | '*';
  /** For a re-export of a list, the same names as this module exports them (`a as b` → `b`). */
  exported?: string[];
  reexport: boolean;
}

const CLAUSE = String.raw`(\{[^}]*\}|\*\s+as\s+\w+|\w+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+\w+))?)`;
const IMPORT = new RegExp(
  String.raw`\bimport\s+(type\s+)?${CLAUSE}\s+from\s+['"]([^'"]+)['"]`,
  'g',
);
const REEXPORT = /\bexport\s+(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?)\s+from\s+['"]([^'"]+)['"]/g;
const BARE_IMPORT = /\bimport\s+['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Value names of a `{ a, type B, c as d }` list: `a`, `c` (the exported side when `exported`). */
function listNames(list: string, exported: boolean): string[] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0 && !item.startsWith('type '))
    .map((item) => {
      const [local = '', alias] = item.split(/\s+as\s+/);
      return (exported ? (alias ?? local) : local).trim();
    });
}

/** A clause's names: `{ … }` → its names, `* as X` → all, `X` → `default`. */
function clauseNames(clause: string): string[] | '*' {
  if (/\*\s+as\s+\w+/.test(clause)) return '*';
  const names: string[] = [];
  const list = clause.match(/\{[^}]*\}/)?.[0];
  if (list) names.push(...listNames(list, false));
  if (/^\s*\w+/.test(clause) && !clause.trim().startsWith('{')) names.push('default');
  return names;
}

/** The import and re-export statements of a source text. */
export function moduleEdges(source: string): Edge[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const edges: Edge[] = [];
  for (const [, type, clause = '', specifier = ''] of text.matchAll(IMPORT))
    if (!type) edges.push({ specifier, names: clauseNames(clause), reexport: false });
  for (const [, type, clause = '', specifier = ''] of text.matchAll(REEXPORT)) {
    if (type) continue;
    if (clause.startsWith('{'))
      edges.push({
        specifier,
        names: listNames(clause, false),
        exported: listNames(clause, true),
        reexport: true,
      });
    else if (clause.includes(' as '))
      // `export * as space from`: asking for `space` takes the whole target.
      edges.push({
        specifier,
        names: '*',
        exported: [clause.replace(/^\*\s+as\s+/, '').trim()],
        reexport: true,
      });
    else edges.push({ specifier, names: '*', reexport: true });
  }
  for (const [, specifier = ''] of text.matchAll(BARE_IMPORT))
    edges.push({ specifier, names: '*', reexport: false });
  for (const [, specifier = ''] of text.matchAll(DYNAMIC_IMPORT))
    edges.push({ specifier, names: '*', reexport: false });
  return edges;
}

/** True when the module defines `name` itself (a value: function, class, constant, enum). */
export function definesValue(source: string, name: string): boolean {
  if (name === 'default') return /\bexport\s+default\b/.test(source);
  const escaped = name.replace(/[$]/g, '\\$');
  if (
    new RegExp(
      String.raw`\bexport\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|enum)\s+${escaped}\b`,
    ).test(source)
  )
    return true;
  // A local list, `export { a, b as c };` (no `from`).
  for (const [, list = ''] of source.matchAll(/\bexport\s+\{([^}]*)\}\s*(?!\s*from)[;\n]/g))
    if (listNames(`{${list}}`, true).includes(name)) return true;
  return false;
}

/** The workspace root: the folder holding `packages/`. */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const base = path.resolve(path.dirname(from), specifier);
    const stem = base.replace(/\.js$/, '');
    return [`${stem}.ts`, `${stem}.tsx`, base, path.join(base, 'index.ts')].find(
      (candidate) => existsSync(candidate) && !candidate.endsWith('/'),
    );
  }
  const workspace = specifier.match(/^@sightline\/([\w-]+)(\/.*)?$/);
  if (!workspace) return undefined;
  const packageDir = path.join(root, 'packages', workspace[1] ?? '');
  const manifestFile = path.join(packageDir, 'package.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    exports?: Record<string, Record<string, string>>;
  };
  const target = manifest.exports?.[`.${workspace[2] ?? ''}`]?.['@sightline/source'];
  return target ? path.join(packageDir, target) : undefined;
}

/**
 * The files the entry module's behaviour depends on.
 * @param root - the workspace root (the folder holding `packages/`).
 * @param entry - absolute path of the entry module (included whole).
 * @param exclude - files never included nor followed (data the computation provably ignores).
 * @returns absolute paths, sorted.
 */
export function sourceClosure(root: string, entry: string, exclude?: RegExp): string[] {
  const included = new Set<string>();
  const asked = new Set<string>();
  const sources = new Map<string, string>();
  const read = (file: string) => {
    let text = sources.get(file);
    if (text === undefined) {
      text = readFileSync(file, 'utf8');
      sources.set(file, text);
    }
    return text;
  };
  const visit = (file: string, names: string[] | '*'): void => {
    if (exclude?.test(file)) return;
    if (file.endsWith('.json')) {
      included.add(file);
      return;
    }
    const source = read(file);
    const edges = moduleEdges(source);
    const whole = names === '*' || names.some((name) => definesValue(source, name));
    const follow = (edge: Edge, wanted: string[] | '*') => {
      const target = resolveSpecifier(root, file, edge.specifier);
      if (!target) return;
      const list = wanted === '*' ? ['*'] : wanted;
      const fresh = list.filter((name) => !asked.has(`${target}\0${name}`));
      if (fresh.length === 0) return;
      for (const name of fresh) asked.add(`${target}\0${name}`);
      visit(target, wanted === '*' ? '*' : fresh);
    };
    if (whole && !included.has(file)) {
      included.add(file);
      for (const edge of edges) if (!edge.reexport) follow(edge, edge.names);
    }
    for (const edge of edges) {
      if (!edge.reexport) continue;
      if (names === '*') follow(edge, edge.names);
      else if (!edge.exported) follow(edge, names);
      else {
        const exported = edge.exported;
        const sourceNames = edge.names;
        const hits = names.filter((name) => exported.includes(name));
        if (hits.length === 0) continue;
        follow(
          edge,
          sourceNames === '*'
            ? '*'
            : hits.map((name) => sourceNames[exported.indexOf(name)] ?? name),
        );
      }
    }
  };
  visit(entry, '*');
  return [...included].sort();
}

/**
 * A short hash of the entry module's closure ({@link sourceClosure}): paths (relative to `root`)
 * and contents.
 * @returns 16 hex characters.
 */
export function sourceClosureHash(root: string, entry: string, exclude?: RegExp): string {
  const hash = createHash('sha256');
  for (const file of sourceClosure(root, entry, exclude))
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}
