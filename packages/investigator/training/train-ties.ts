/**
 * `npm run train:ties [-- --per-repository N]` — fits the tie model (src/localize/tie-model.ts) on
 * the report–repository pairs of bench/lib/tie-pairs.ts (corpus texts and trees from
 * `npm run corpus:fill`, npm packages from `npm pack`, app reviews from ../shared) and writes
 * src/localize/model/tie-model.json: weights fitted on every pair, the threshold chosen on
 * held-out probabilities (5 folds grouped by repository) to keep `KEEP_RELATED` of the related
 * pairs tied, and the held-out figures in `training`. `npm run bench:ties` measures the result.
 */
import { writeFile } from 'node:fs/promises';
import { readPerRepository } from '../../../bench/lib/tie-options.js';
import { readTiePairs } from '../../../bench/lib/tie-pairs.js';
import { crossValidateTies, fitTieModel, KEEP_RELATED, TIE_L2 } from './fit-tie-model.js';
import { localizeModelPath } from './model-path.js';

const MODEL_FILE = localizeModelPath('tie-model.json');

const perRepository = readPerRepository('usage: npm run train:ties [-- --per-repository N]');
const pairs = await readTiePairs({ perRepository, log: (line) => console.error(line) });
const { probabilities, threshold } = crossValidateTies(pairs);
const share = (keep: (position: number) => boolean, select: (position: number) => boolean) => {
  const chosen = pairs.map((_, position) => position).filter(select);
  return chosen.length ? Number((chosen.filter(keep).length / chosen.length).toFixed(3)) : 0;
};
// A pair the held-out model does not judge keeps its suspects: tied.
const tied = (position: number) => (probabilities[position] ?? 1) >= threshold;
const model = {
  ...fitTieModel(pairs),
  threshold,
  training: {
    date: new Date().toISOString().slice(0, 10),
    pairs: pairs.length,
    related: pairs.filter((pair) => pair.related).length,
    judged: pairs.filter((pair) => pair.resolvedFrames === 0).length,
    repositories: new Set(pairs.map((pair) => pair.group)).size,
    method: `L2 logistic regression (λ ${TIE_L2}, standardised features, balanced classes); threshold keeps ${KEEP_RELATED} of related pairs held out (5 folds grouped by repository)`,
    heldOut: {
      relatedTied: share(tied, (position) => pairs[position]?.related === true),
      unrelatedReportsTied: share(
        tied,
        (position) => pairs[position]?.related === false && pairs[position]?.kind !== 'review',
      ),
      reviewsTied: share(tied, (position) => pairs[position]?.kind === 'review'),
    },
  },
};
await writeFile(MODEL_FILE, `${JSON.stringify(model, null, 2)}\n`);
console.log(JSON.stringify(model.training, null, 2));
