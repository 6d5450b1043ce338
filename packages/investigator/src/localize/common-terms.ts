/**
 * Terms common across code bases: the search terms (`tokenizeCode`'s stems) that occur in at least
 * a tenth of the repositories of a background collection, shipped in model/common-terms.json and
 * built by `npm run train:common-terms` from the corpus of real fixes (one tree per repository). A report
 * term outside this list that a repository holds is distinctive of that code (`nlohmann`,
 * `ubjson`, a project's own type names), where `error`, `value` or `parse` are in every tree.
 *
 * Document frequency over a background collection is the IDF of information retrieval (Spärck
 * Jones 1972) taken across collections, as query-performance predictors compare a query's terms
 * with a general collection (the simplified clarity score, He & Ounis 2004). The tenth is
 * Sightline's own cut; bench/README.md#ties gives the figures at other cuts.
 */
import { SightlineError } from '@sightline/core';
import shippedFile from './model/common-terms.json' with { type: 'json' };

/** The format marker of a common-terms file. */
export const COMMON_TERMS_FORMAT = 'sightline-common-terms';
/** The version of that format this code reads; bumped when the terms' tokenization changes. */
export const COMMON_TERMS_VERSION = 1;
/** A term is common when at least this share of the background repositories holds it. */
export const COMMON_SHARE = 0.1;

/** A common-terms file. */
export interface CommonTermsFile {
  format: typeof COMMON_TERMS_FORMAT;
  version: typeof COMMON_TERMS_VERSION;
  /** The share of {@link COMMON_SHARE} the terms were chosen at. */
  share: number;
  /** The background repositories (`owner/name`), sorted. */
  repositories: string[];
  /** The common terms, sorted, one per line. */
  terms: string;
}

/**
 * The common terms of a background collection.
 * @param vocabularies - each background repository's distinct terms (one set per repository).
 * @param share - the least share of repositories a common term occurs in, in (0, 1].
 * @returns the common terms, sorted.
 */
export function commonTermsOf(
  vocabularies: readonly ReadonlySet<string>[],
  share = COMMON_SHARE,
): string[] {
  const counts = new Map<string, number>();
  for (const vocabulary of vocabularies) {
    for (const term of vocabulary) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const least = share * vocabularies.length;
  return [...counts]
    .filter(([, count]) => count >= least)
    .map(([term]) => term)
    .sort();
}

/**
 * Reads a common-terms file.
 * @param file - the parsed JSON.
 * @returns the terms as a set.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` when the format or version is not this code's
 *   or the terms are missing; rebuild it with `npm run train:common-terms`.
 */
export function loadCommonTerms(file: unknown): Set<string> {
  const given = (file ?? {}) as Partial<CommonTermsFile>;
  if (
    given.format !== COMMON_TERMS_FORMAT ||
    given.version !== COMMON_TERMS_VERSION ||
    typeof given.terms !== 'string'
  ) {
    throw new SightlineError({
      code: 'CACHE_VERSION_MISMATCH',
      message: `The common-terms file is ${given.format ?? 'of unknown format'} version ${String(given.version)}, but this Sightline reads ${COMMON_TERMS_FORMAT} version ${COMMON_TERMS_VERSION} with its terms. Rebuild it with \`npm run train:common-terms\`.`,
      details: { format: given.format, version: given.version },
    });
  }
  return new Set(given.terms.split('\n').filter((term) => term !== ''));
}

let shipped: Set<string> | undefined;

/** The shipped common terms (model/common-terms.json), loaded once. */
export function shippedCommonTerms(): Set<string> {
  shipped ??= loadCommonTerms(shippedFile);
  return shipped;
}
