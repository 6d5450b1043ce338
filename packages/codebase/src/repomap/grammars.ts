/**
 * Loads tree-sitter once per process: the runtime is initialised once, each language's `.wasm`
 * is loaded the first time a file needs it, and its tags query (the grammar package's
 * `queries/tags.scm` plus Sightline's supplementary queries) is compiled once and reused.
 * A grammar that fails to load (for example an ABI the runtime does not accept) is reported as a
 * warning, never thrown: its files are listed without definitions.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, Query } from 'web-tree-sitter';
import type { LanguageInfo } from '../repository/languages.js';
import { SUPPLEMENTARY_QUERIES } from './queries/index.js';

/** A loaded language with its compiled tags queries. */
export interface Grammar {
  /** Language id, e.g. `typescript`. */
  id: string;
  language: Language;
  /** Compiled tags queries; usually one (all sources concatenated). */
  queries: Query[];
}

/** The outcome of {@link loadGrammar}: the grammar, or `null` with the reasons in `warnings`. */
export interface GrammarLoad {
  grammar: Grammar | null;
  /** Problems met while loading (grammar missing, query that did not compile). */
  warnings: string[];
}

const require = createRequire(import.meta.url);
let parserPromise: Promise<Parser> | undefined;
const loads = new Map<string, Promise<GrammarLoad>>();

/**
 * The process-wide tree-sitter parser, created after the runtime is initialised.
 * @returns the shared parser; callers set its language before each parse.
 */
export function getParser(): Promise<Parser> {
  parserPromise ??= Parser.init().then(() => new Parser());
  return parserPromise;
}

/** Absolute path of a file inside an installed npm package, e.g. `tree-sitter-go/queries/tags.scm`. */
function resolvePackageFile(packageFile: string): string {
  const parts = packageFile.split('/');
  const nameLength = packageFile.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const packageJson = require.resolve(`${name}/package.json`);
  return path.join(path.dirname(packageJson), ...parts.slice(nameLength));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Captures of grammar tags queries that the index never reads. Disabling them spares the work of
 * capturing doc comments (`(comment)* @doc`), which more than halves query time on JavaScript.
 */
const UNUSED_CAPTURES = ['doc', 'ignore'];

function compile(language: Language, source: string): Query {
  const query = new Query(language, source);
  for (const name of UNUSED_CAPTURES) {
    if (query.captureNames.includes(name)) query.disableCapture(name);
  }
  return query;
}

/** Compiles all sources as one query; when that fails, compiles each alone and keeps the good ones. */
function compileQueries(id: string, language: Language, sources: string[]): GrammarLoad {
  try {
    return {
      grammar: { id, language, queries: [compile(language, sources.join('\n'))] },
      warnings: [],
    };
  } catch {
    const queries: Query[] = [];
    const warnings: string[] = [];
    sources.forEach((source, index) => {
      try {
        queries.push(compile(language, source));
      } catch (error) {
        warnings.push(
          `${id}: tags query ${index + 1} of ${sources.length} did not compile (${message(error)}); its tags are missing`,
        );
      }
    });
    return { grammar: { id, language, queries }, warnings };
  }
}

async function load(info: LanguageInfo): Promise<GrammarLoad> {
  if (!info.supported || !info.grammar) {
    return { grammar: null, warnings: [`${info.id}: ${info.reason ?? 'not supported'}`] };
  }
  const { grammar } = info;
  try {
    await getParser();
    const language = await Language.load(resolvePackageFile(`${grammar.package}/${grammar.wasm}`));
    const tagSources = await Promise.all(
      grammar.tagQueries.map((file) => readFile(resolvePackageFile(file), 'utf8')),
    );
    return compileQueries(info.id, language, [
      ...tagSources,
      ...(SUPPLEMENTARY_QUERIES[info.id] ?? []),
    ]);
  } catch (error) {
    return {
      grammar: null,
      warnings: [
        `${info.id}: grammar ${grammar.package} could not be loaded (${message(error)}); its files are listed without definitions. Reinstall dependencies (npm install) to fix it.`,
      ],
    };
  }
}

/**
 * Loads a language's grammar and tags queries, once per process.
 * @param info the language, from `LANGUAGES`.
 * @returns the grammar, or `null` with warnings when it is unsupported or failed to load; never throws.
 */
export function loadGrammar(info: LanguageInfo): Promise<GrammarLoad> {
  let pending = loads.get(info.id);
  if (!pending) {
    pending = load(info);
    loads.set(info.id, pending);
  }
  return pending;
}
