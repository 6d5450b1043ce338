/**
 * Interactions of the base ranking features ({@link BASE_FEATURES}), which a linear model cannot
 * form itself: each is a product of base features (or a base feature gated by others being 0), so
 * the model can learn that two signals together count differently from their sum. They are aimed
 * at the misranking most often seen on the corpus of real fixes (issue #33): a central file that
 * shares many of the report's words outranking the file the fix is in. Each is kept only when
 * removing it lowers the grouped cross-validated MRR (`npm run train:localize -- --ablate`, at the
 * penalty chosen for the full model, λ 0.1): on 152 cases from 106 repositories (2026-12-02),
 * without `wordsOnly` MRR fell 0.752 → 0.747 and without `centralWords` to 0.749 (small gains,
 * within the noise of 152 cases); two others tried were dropped, changing nothing held out —
 * words spread over a file rather than gathered in one definition (`lexicalFile` ×
 * (1 − `lexicalDefinition`)) and a test file among the trace frames (`frame` × `test`).
 *
 * Computed from a base vector alone, so the training rows cached per case (base vectors) need no
 * recomputation when an interaction is added or changed.
 */
import { HISTORY_FEATURES } from './history-features.js';
import { BASE_FEATURES, type BaseFeature } from './ranking-features.js';
import { hasReportEvidence } from './score-files.js';

/** The interactions, in the order they follow the base features. */
export const DERIVED_FEATURES = ['wordsOnly', 'centralWords'] as const;

/**
 * Every feature the model weighs: the base features, the interactions, then the history features
 * (history-features.ts; all 0 without a git history).
 */
export const RANKING_FEATURES = [
  ...BASE_FEATURES,
  ...DERIVED_FEATURES,
  ...HISTORY_FEATURES,
] as const;

/** One feature's name. */
export type RankingFeature = (typeof RANKING_FEATURES)[number];

const at = Object.fromEntries(BASE_FEATURES.map((name, position) => [name, position])) as Record<
  BaseFeature,
  number
>;

/**
 * The full vector of a file: its base vector, the interactions, then its history features.
 * - `wordsOnly`: `lexicalFile` when the file has no other evidence from the report (no frame,
 *   name, message or path) — a match on shared words alone.
 * - `centralWords`: `lexicalFile` × `pageRank` — shared words in a file central to the code.
 * @param base - values in {@link BASE_FEATURES} order.
 * @param history - values in `HISTORY_FEATURES` order (`readHistoryFeatures`). Default all 0 (a
 *   file no commit read changed, or a tree without history).
 * @returns values in {@link RANKING_FEATURES} order.
 */
export function rankingVector(base: readonly number[], history: readonly number[] = []): number[] {
  const value = (name: BaseFeature) => base[at[name]] ?? 0;
  const lexical = value('lexicalFile');
  const otherEvidence = hasReportEvidence({
    frame: value('frame'),
    symbol: value('symbol'),
    message: value('message'),
    path: value('path'),
  });
  return [
    ...BASE_FEATURES.map((_, position) => base[position] ?? 0),
    otherEvidence ? 0 : lexical,
    lexical * value('pageRank'),
    ...HISTORY_FEATURES.map((_, position) => history[position] ?? 0),
  ];
}
