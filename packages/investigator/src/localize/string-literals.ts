/**
 * Where the code of a repository spells a name as a string: `registerFilter('truncate', …)`,
 * `.command('sync')`, `add_argument('--dry-run')`, `config.get("max_line_length")`. This is how
 * code implements the names of its users' languages — template filters and tags, subcommands and
 * options, configuration keys — so a report naming one (`userLanguageNames`) is linked to the code
 * behind it (failure class 6 of issue #33). Built once per index from its parsed source files
 * (tests, examples and docs left out; lines the index withheld as secrets never read).
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { compactName } from './code-tokens.js';
import { readSourceLines } from './function-shape.js';
import { collectLineSites } from './line-sites.js';

/** A quoted name: letters, digits, `_` and `-`, optionally after `--` or `-` (an option). */
const QUOTED_NAME = /(["'`])-{0,2}([A-Za-z_][\w-]{2,48})\1/g;

/** Per compact name (`dryrun` for `'--dry-run'`), the files spelling it and the first line there (1-based). */
export type LiteralSites = ReadonlyMap<string, ReadonlyMap<string, number>>;

const cache = new WeakMap<RepositoryIndex, Map<string, Map<string, number>>>();

/**
 * The string-literal sites of an index's source files, built on first use and cached per index.
 * @param index - the repository index (files read from `index.root`; an unreadable file has none).
 * @returns per compact name, the files spelling it as a string and the first such line.
 */
export function stringLiteralSites(index: RepositoryIndex): LiteralSites {
  const cached = cache.get(index);
  if (cached) return cached;
  const sites = collectLineSites(index, {
    namesOnLine: (line) =>
      [...line.matchAll(QUOTED_NAME)].map(([, , name = '']) => compactName(name)),
  });
  cache.set(index, sites);
  return sites;
}

/**
 * The identifiers that follow a name's string on its line: what a registration maps the name to
 * (`'truncate': clip`, `register('truncate', clip)`, `.command('sync').action(runSync)`) — the
 * registering call comes before the string, the implementation after it.
 * @param index - the repository index.
 * @param site - the file and 1-based line (`stringLiteralSites`) and the name as the report gives it.
 * @returns identifiers of at least 3 characters after the first string spelling the name, in order.
 */
export function namesAfterLiteral(
  index: RepositoryIndex,
  site: { path: string; line: number; name: string },
): string[] {
  const text = readSourceLines(index, site.path)[site.line - 1] ?? '';
  const key = compactName(site.name);
  const literal = [...text.matchAll(QUOTED_NAME)].find(
    ([, , name = '']) => compactName(name) === key,
  );
  if (literal?.index === undefined) return [];
  const rest = text.slice(literal.index + literal[0].length);
  return [...new Set(rest.match(/[A-Za-z_$][\w$]{2,}/g) ?? [])];
}
