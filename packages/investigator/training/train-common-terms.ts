/**
 * `npm run train:common-terms` — builds src/localize/model/common-terms.json, the terms common
 * across code bases (src/localize/common-terms.ts): each repository of the corpus of real fixes
 * whose tree `npm run corpus:fill` left in bench/.cache/repos (the tree of its first case) gives
 * its lexical index's distinct terms, and a term is common when at least `COMMON_SHARE` of them
 * hold it. Run it before `npm run train:ties`, whose pairs read the file.
 */
import { writeFile } from 'node:fs/promises';
import { indexRepository } from '@sightline/codebase';
import { cachedRepoTree } from '../../../bench/lib/localize-cases.js';
import { indexCacheOf } from '../../../bench/lib/localize-features.js';
import { corpusByRepository } from '../../../bench/lib/tie-pairs.js';
import {
  COMMON_SHARE,
  COMMON_TERMS_FORMAT,
  COMMON_TERMS_VERSION,
  type CommonTermsFile,
  commonTermsOf,
} from '../src/localize/common-terms.js';
import { getLexicalIndex } from '../src/localize/lexical-index.js';
import { localizeModelPath } from './model-path.js';

const MODEL_FILE = localizeModelPath('common-terms.json');

const repositories = [...corpusByRepository(1)].sort(([a], [b]) => a.localeCompare(b));
if (repositories.length < 10) {
  console.error(
    `Only ${repositories.length} corpus repositories have a tree in bench/.cache/repos; a background needs many. Run npm run corpus:fill -- --mirrors DIR first.`,
  );
  process.exit(1);
}
const vocabularies: Set<string>[] = [];
for (const [name, [first]] of repositories) {
  const dir = first ? cachedRepoTree(first) : undefined;
  if (!dir) continue;
  const index = await indexRepository(dir, { cacheDir: indexCacheOf(dir) });
  const vocabulary = new Set(getLexicalIndex(index).fileVocabulary());
  vocabularies.push(vocabulary);
  console.error(`${name}: ${vocabulary.size} terms`);
}
const terms = commonTermsOf(vocabularies, COMMON_SHARE);
const file: CommonTermsFile = {
  format: COMMON_TERMS_FORMAT,
  version: COMMON_TERMS_VERSION,
  share: COMMON_SHARE,
  repositories: repositories.map(([name]) => name),
  terms: terms.join('\n'),
};
await writeFile(MODEL_FILE, `${JSON.stringify(file, null, 2)}\n`);
console.log(`${terms.length} common terms of ${vocabularies.length} repositories → ${MODEL_FILE}`);
